/**
 * Query keys for one resource, the same shape for every resource: `all` (everything about it), `lists()` /
 * `list(filters)`, `details()` / `detail(id)`, plus any named extras (`profile`, `choices`, …). The vendor's and
 * the admin's screens of a resource share its keys (one session is one role; signing in clears the other's).
 */
export function queryKeysFactory<const Name extends string>(name: Name) {
  const all = [name] as const
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (filters: object) => [...all, 'list', filters] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
    /** A single named query of this resource (a profile, a picker's choices). */
    named: <const Part extends string>(part: Part, ...rest: unknown[]) => [...all, part, ...rest] as const,
  }
}

/** The session (`named('me')`), sign-in providers and the public set-up screens. */
export const accountKeys = queryKeysFactory('account')
/** Shops: the admin's applications list and dialog, the vendor's own profile, the order form's shop picker. */
export const vendorKeys = queryKeysFactory('vendors')
export const productKeys = queryKeysFactory('products')
export const orderKeys = queryKeysFactory('orders')
export const payoutKeys = queryKeysFactory('payouts')
export const messageKeys = queryKeysFactory('messages')
export const auditLogKeys = queryKeysFactory('auditLogs')
/** The vendor's dashboard (`named('vendor')`) and the admin's (`named('admin')`, which the header bell reads too). */
export const dashboardKeys = queryKeysFactory('dashboard')
/** The counts beside the menu's entries (unread messages; for admins, shops and payouts waiting). */
export const menuCountKeys = queryKeysFactory('menuCounts')
/** The admin's report, one per range (`detail(days)`). */
export const reportKeys = queryKeysFactory('reports')
/** The money settings (`named('settings')`), the commission rules (`lists()`) and a preview (`named('preview', …)`). */
export const moneyKeys = queryKeysFactory('money')
/** The admin team (`lists()`): the admins and the invitations not yet accepted. */
export const teamKeys = queryKeysFactory('team')
/**
 * Mobile money (docs/payments.md): the admins' overview (`named('overview')`), a batch's progress (`detail(id)`),
 * transfers in one state (`list({ status })`), and a shop's plan payment (`named('plan', id)`).
 */
export const paymentKeys = queryKeysFactory('payments')
