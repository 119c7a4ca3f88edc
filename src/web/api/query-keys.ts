import type { RealtimeTopic } from '../../shared/schemas/message'

/**
 * Query keys for one resource, the same shape for every resource: `all` (everything about it), `lists()` /
 * `list(filters)`, `details()` / `detail(id)`, plus any named extras (`dashboard`, `profile`, …). A mutation
 * invalidates `lists()` and its `detail(id)`; a realtime event invalidates what `realtimeInvalidations` names.
 */
export function queryKeysFactory<const Name extends string>(name: Name) {
  const all = [name] as const
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (filters: object) => [...all, 'list', filters] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
    /** A single named query of this resource (a dashboard, a profile, an overview). */
    named: <const Part extends string>(part: Part, ...rest: unknown[]) => [...all, part, ...rest] as const,
  }
}

export const accountKeys = queryKeysFactory('account')
export const vendorKeys = queryKeysFactory('vendor')
export const productKeys = queryKeysFactory('products')
export const orderKeys = queryKeysFactory('orders')
export const payoutKeys = queryKeysFactory('payouts')
export const messageKeys = queryKeysFactory('messages')
/** The admin area's own resources (dashboard figures, the vendor review list). */
export const adminKeys = queryKeysFactory('admin')

/**
 * What each realtime topic makes stale (src/web/api/realtime.ts): the topic's own queries, and the
 * dashboards whose figures it moves.
 */
export const realtimeInvalidations: Record<RealtimeTopic, readonly (readonly unknown[])[]> = {
  products: [productKeys.all, vendorKeys.named('dashboard'), adminKeys.all],
  orders: [orderKeys.all, productKeys.all, payoutKeys.all, vendorKeys.named('dashboard'), adminKeys.all],
  payouts: [payoutKeys.all, vendorKeys.named('dashboard'), adminKeys.all],
  messages: [messageKeys.all],
  vendors: [vendorKeys.all, accountKeys.named('me'), adminKeys.all],
}
