import { Outlet, ScrollRestoration } from 'react-router'
import { LanguageModal } from './language-modal'

export function RootLayout() {
  return (
    <>
      <Outlet />
      <LanguageModal />
      <ScrollRestoration />
    </>
  )
}
