import { lazy, Suspense, useState } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { storedLanguage } from '../i18n'

// The question and its dialog's code are for a first visit only: a returning visitor never downloads them.
const LanguageModal = lazy(() => import('./language-modal'))

export function RootLayout() {
  const [isLanguageChosen] = useState(() => storedLanguage() !== null)
  return (
    <>
      <Outlet />
      {!isLanguageChosen && (
        <Suspense fallback={null}>
          <LanguageModal />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  )
}
