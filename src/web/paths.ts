/**
 * Every page's address, in one place: links, redirects and menus name a page here rather than writing its
 * URL, so a moved page is one change and a search for a URL lands on its one definition. (The API's URLs
 * are not here: the typed client in api/client.ts derives those from the server's route table.)
 */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  checkEmail: '/check-email',
  confirmEmail: '/confirm-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  authCallback: '/auth/callback',
  support: '/support',
  debug: '/debug',
  setupGoogle: '/setup/google',
  setupAdmin: '/setup/admin',
  /** An admin's invitation to the team: `#token=…`. */
  setupInvitation: '/setup/invitation',
  vendor: {
    dashboard: '/vendor',
    register: '/vendor/register',
    products: '/vendor/products',
    orders: '/vendor/orders',
    payouts: '/vendor/payouts',
    messages: '/vendor/messages',
    subscription: '/vendor/subscription',
    profile: '/vendor/profile',
  },
  admin: {
    dashboard: '/admin',
    vendors: '/admin/vendors',
    products: '/admin/products',
    orders: '/admin/orders',
    payouts: '/admin/payouts',
    /** A shop's statement: `?vendor=<id>` (reached from the shop's details). */
    statements: '/admin/statements',
    reports: '/admin/reports',
    messages: '/admin/messages',
    auditLogs: '/admin/audit-logs',
    money: '/admin/money',
    team: '/admin/team',
  },
} as const
