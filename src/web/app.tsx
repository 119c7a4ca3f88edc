import { Suspense } from 'react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router'
import { meQuery } from './api/account'
import { ApiError } from './api/client'
import { LoadingScreen } from './components/loading-screen'
import { NotificationsHost } from './components/notifications-host'
import { router } from './router'
import { cssVariablesResolver, theme } from './theme'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      // A 4xx answer will not change by asking again (not signed in, not found, refused): show it at once.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
})

// Every screen first asks who is signed in: the question goes out now, while the screen's code downloads, not
// once the screen has rendered.
void queryClient.prefetchQuery(meQuery)

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <NotificationsHost />
        {/* The language bundle loads before the first screen: no flash of untranslated keys. */}
        <Suspense fallback={<LoadingScreen />}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  )
}
