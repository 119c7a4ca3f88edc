import { createBrowserRouter, type RouteObject } from 'react-router'
import { watchNavigations } from './leaving'
import { LoadingScreen } from './components/loading-screen'
import { RootLayout } from './components/root-layout'
import { PublicLayout } from './components/public-layout'
import { RequireRole } from './components/require-role'
import { RootRedirect } from './components/root-redirect'
import type { Role } from '../shared/constants'
import { loadTexts, type TextPart } from './i18n'

/** The words each area's screens use beyond the public ones (src/web/i18n/index.ts). */
const areaTexts: Record<Role, TextPart[]> = { vendor: ['areas'], admin: ['areas', 'admin'] }

/**
 * A screen's code is fetched when its route is first opened: the vendor area never loads admin code. With a
 * `role`, the screen is for that role only (see RequireRole), and its area's words come with it; `texts` names
 * the other words a screen needs beyond the base part.
 */
const page = (
  load: () => Promise<{ default: React.ComponentType }>,
  { role, texts = role ? areaTexts[role] : [] }: { role?: Role; texts?: TextPart[] } = {},
) => ({
  lazy: async () => {
    const [{ default: Screen }] = await Promise.all([load(), loadTexts(texts)])
    if (!role) return { Component: Screen }
    return {
      Component: () => (
        <RequireRole role={role}>
          <Screen />
        </RequireRole>
      ),
    }
  },
})

const vendorRoutes: RouteObject[] = [
  { index: true, ...page(() => import('./vendor-area/dashboard-page')) },
  { path: 'products', ...page(() => import('./vendor-area/products-page')) },
  { path: 'orders', ...page(() => import('./vendor-area/orders-page')) },
  { path: 'payouts', ...page(() => import('./vendor-area/payouts-page')) },
  { path: 'messages', ...page(() => import('./vendor-area/messages-page')) },
  { path: 'subscription', ...page(() => import('./vendor-area/subscription-page')) },
  { path: 'profile', ...page(() => import('./vendor-area/profile-page')) },
]

const adminRoutes: RouteObject[] = [
  { index: true, ...page(() => import('./admin-area/dashboard-page')) },
  { path: 'vendors', ...page(() => import('./admin-area/vendors-page')) },
  { path: 'products', ...page(() => import('./admin-area/products-page')) },
  { path: 'orders', ...page(() => import('./admin-area/orders-page')) },
  { path: 'payouts', ...page(() => import('./admin-area/payouts-page')) },
  { path: 'statements', ...page(() => import('./admin-area/statements-page')) },
  { path: 'reports', ...page(() => import('./admin-area/reports-page')) },
  { path: 'messages', ...page(() => import('./admin-area/messages-page')) },
  { path: 'audit-logs', ...page(() => import('./admin-area/audit-logs-page')) },
  { path: 'money', ...page(() => import('./admin-area/money-page')) },
  { path: 'team', ...page(() => import('./admin-area/team-page'), { texts: ['setup'] }) },
]

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', ...page(() => import('./auth/login-page')) },
          { path: 'register', ...page(() => import('./auth/register-page')) },
          { path: 'check-email', ...page(() => import('./auth/check-email-page')) },
          { path: 'confirm-email', ...page(() => import('./auth/confirm-email-page')) },
          { path: 'forgot-password', ...page(() => import('./auth/forgot-password-page')) },
          { path: 'reset-password', ...page(() => import('./auth/reset-password-page')) },
          { path: 'auth/callback', ...page(() => import('./auth/auth-callback-page')) },
          { path: 'debug', ...page(() => import('./auth/debug-page'), { texts: ['setup'] }) },
          { path: 'setup/google', ...page(() => import('./auth/setup-google-page'), { texts: ['setup'] }) },
          { path: 'setup/admin', ...page(() => import('./auth/setup-admin-page'), { texts: ['setup'] }) },
          {
            path: 'setup/invitation',
            ...page(() => import('./auth/setup-invitation-page'), { texts: ['setup'] }),
          },
          { path: 'support', ...page(() => import('./auth/support-page'), { texts: ['setup'] }) },
          { path: '*', ...page(() => import('./components/not-found-page')) },
        ],
      },
      {
        path: 'vendor',
        ...page(() => import('./layouts/vendor-area'), { role: 'vendor' }),
        children: vendorRoutes,
      },
      // The wizard stands outside the vendor layout: there is no shop to navigate yet.
      { path: 'vendor/register', ...page(() => import('./vendor-area/register-page'), { role: 'vendor' }) },
      {
        path: 'admin',
        ...page(() => import('./layouts/admin-area'), { role: 'admin' }),
        children: adminRoutes,
      },
    ],
  },
])

watchNavigations(router)
