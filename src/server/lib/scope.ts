import { and, eq, isNull, or, sql, type GetColumnData, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Tx } from '../db/client'
import { isUuid, notFound } from './errors'
import type { Language, Role, VendorStatus } from '../../shared/constants'
import { messages, orders, payouts, products, vendorTotals, vendors } from '../db/schema'

/**
 * Who a service acts for, resolved once per request from the session (never from the request body):
 * a vendor acts on their own shop only; an admin acts on every shop.
 */
export type VendorScope = {
  role: 'vendor'
  userId: string
  vendorId: string
  vendorStatus: VendorStatus
  request?: RequestContext
}
export type AdminScope = { role: 'admin'; userId: string; request?: RequestContext }

/** Where a change came from, kept with its audit entry: the request's id (in the logs), address and browser. */
export type RequestContext = { requestId: string; ip: string; userAgent: string | null }
export type Scope = VendorScope | AdminScope

/**
 * The one filter every query on a vendor-owned table goes through (documenso's `buildTeamWhereQuery`):
 * a vendor's scope keeps their own rows, an admin's keeps every row. A row outside it is simply not found.
 */
export const ownedBy = (column: PgColumn, scope: Scope): SQL | undefined =>
  scope.role === 'admin' ? undefined : eq(column, scope.vendorId)

/** A vendor's id for the rows a scope creates or locks; an admin acting for a shop names it explicitly. */
export const scopeVendorId = (scope: Scope, vendorId?: string) =>
  scope.role === 'vendor' ? scope.vendorId : vendorId

/** Who sent a request: the signed-in user (auth/actor.ts reads them from the session cookie). */
export type Actor = {
  userId: string
  role: Role
  email: string
  fullName: string
  emailVerified: boolean
  /** The interface language the user last used (mail to them is written in it); null before any. */
  language: Language | null
}

/** The signed-in user of a request, with their vendor record when they have one. */
export type RequestActor = Actor & { vendor: { id: string; status: VendorStatus } | null }

/*
 * One scoping helper per table (docs/decisions/018): every list, details, export, count, lock and change of a
 * resource filters through its table's helper, on the vendor's side and the admin's alike.
 */

/** Orders in the scope: a vendor's own, or every shop's for an admin. */
export const ordersIn = (scope: Scope) => ownedBy(orders.vendorId, scope)
/** Products in the scope: a vendor's own, or every shop's for an admin. */
export const productsIn = (scope: Scope) => ownedBy(products.vendorId, scope)
/** Payouts in the scope: a vendor's own, or every shop's for an admin. */
export const payoutsIn = (scope: Scope) => ownedBy(payouts.vendorId, scope)
/** Shops (vendor records) in the scope: a vendor's own record, or every one for an admin. */
export const vendorsIn = (scope: Scope) => ownedBy(vendors.id, scope)
/** The shops' running totals in the scope: a vendor's own row, or every shop's for an admin. */
export const totalsIn = (scope: Scope) => ownedBy(vendorTotals.vendorId, scope)

/**
 * The audit trail is the whole marketplace's and only admins read it: an admin's scope keeps every entry, a
 * vendor's none (their own changes are recorded, not shown back to them).
 */
export const auditEntriesIn = (scope: Scope): SQL | undefined =>
  scope.role === 'admin' ? undefined : sql`false`

/**
 * Who reads messages: a signed-in user by role (a vendor may write to the team before their shop is
 * registered, so a message's reader is a user, not a shop). Every scope is one.
 */
export type Viewer = { userId: string; role: Role }

/** Messages the viewer may see: a vendor's own (sent or received), every message for an admin. */
export const messagesIn = (viewer: Viewer): SQL | undefined =>
  viewer.role === 'admin'
    ? undefined
    : or(eq(messages.senderId, viewer.userId), eq(messages.receiverId, viewer.userId))

/**
 * Messages addressed to the viewer: to them by id, or (for an admin) to the admin team (receiver null; README:
 * deliberate divergences). Their unread ones are what the unread counts count (messages_unread_idx).
 */
export const addressedTo = (viewer: Viewer): SQL =>
  viewer.role === 'admin'
    ? or(isNull(messages.receiverId), eq(messages.receiverId, viewer.userId))!
    : eq(messages.receiverId, viewer.userId)

/**
 * The vendor's own shop row, locked for a change, with the columns the change reads: `update` when the change
 * moves or reads the shop's money (payout requests take the same lock), `no key update` when it only has to queue
 * behind changes of its kind. A shop that is gone is NOT_FOUND.
 */
export async function lockOwnShop<Columns extends Record<string, PgColumn>>(
  tx: Tx,
  scope: VendorScope,
  columns: Columns,
  strength: 'update' | 'no key update',
) {
  // Drizzle cannot infer the row of columns given as a type parameter: each column's own data.
  const [shop] = (await tx
    .select(columns)
    .from(vendors)
    .where(eq(vendors.id, scope.vendorId))
    .for(strength)) as unknown as { [K in keyof Columns]: GetColumnData<Columns[K]> }[]
  if (!shop) throw notFound()
  return shop
}

/**
 * The row `id` names, locked for a change, when it is in `inScope` (`productsIn(scope)`, …); a malformed id, an
 * unknown one or one outside the scope is NOT_FOUND alike, so ids of other shops do not leak.
 */
export async function lockInScope<T extends PgTable & { id: PgColumn }>(
  tx: Tx,
  table: T,
  id: string,
  inScope: SQL | undefined,
): Promise<T['$inferSelect']> {
  if (!isUuid(id)) throw notFound()
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), inScope))
    .for('update')
  if (!row) throw notFound()
  return row as T['$inferSelect']
}
