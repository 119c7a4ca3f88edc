import { eq, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Language, Role, VendorStatus } from '../../shared/constants'

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
