import type { ReactElement, ReactNode } from 'react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { i18next as i18n } from '../../src/web/i18n'
import en from '../../src/web/i18n/en.json'
import { theme } from '../../src/web/theme'

/**
 * The app's own i18next (what the screens' code, such as a change of language, talks to), with the English texts
 * loaded at once (the app fetches them in parts: src/web/i18n/index.ts).
 */
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
})

/** A query cache that never refetches by itself: only what a test does makes a query fetch again. */
export const quietQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, gcTime: Infinity } } })

/** Renders a piece of the app with what the app wraps every screen in: Mantine, TanStack Query, English texts. */
export function renderInApp(ui: ReactElement, client = quietQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>
  )
  return { client, ...render(ui, { wrapper }) }
}
