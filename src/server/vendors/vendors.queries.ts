import { and, eq, ilike, or, type SQL } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { adminVendorListQuery } from '../../shared/schemas/vendor'
import type { Tx } from '../db/client'
import { users, vendors } from '../db/schema'
import { ownerOfShop } from '../db/joins'
import { notFound } from '../lib/errors'
import { keysetRows, positionOf } from '../lib/paginate'
import { vendorsIn, type Scope } from '../lib/scope'
import { isAnyOf, likePattern } from '../lib/search'

/**
 * The vendors resource (docs/decisions/018): a shop's record with its owner, the scope filter, search, filters and
 * keyset order, read by the vendor's own profile and the admin's list and details of applications alike.
 */

/** Each vendor record with its owner's e-mail and name, newest application first. */
export const vendorRows = keysetRows(vendors, vendors.createdAt, 'vendor', (db) =>
  db
    .select({
      vendor: vendors,
      email: users.email,
      fullName: users.fullName,
      position: positionOf(vendors.createdAt),
    })
    .from(vendors)
    .innerJoin(users, ownerOfShop)
    .$dynamic(),
)

export type VendorFilters = Pick<z.output<typeof adminVendorListQuery>, 'q' | 'status'>

/** The scope's vendor records the filters keep: the status, and `q` in the shop's name or the owner's e-mail. */
export function vendorFilter(scope: Scope, filters: VendorFilters): SQL | undefined {
  const pattern = filters.q ? likePattern(filters.q) : null
  return and(
    vendorsIn(scope),
    filters.status === 'all' ? undefined : eq(vendors.status, filters.status),
    pattern
      ? or(
          ilike(vendors.shopName, pattern),
          isAnyOf(
            vendors.userId,
            new QueryBuilder().select({ id: users.id }).from(users).where(ilike(users.email, pattern)),
          ),
        )
      : undefined,
  )
}

/** A vendor record within the scope by its id (locked for a change when asked); outside the scope it is not there. */
export const findVendor = (tx: Tx, scope: Scope, vendorId: string, options?: { lock?: boolean }) =>
  vendorRows.find(tx, vendorId, vendorsIn(scope), options)

/** findVendor, where a shop outside the scope (or none) is 404 errors.notFound. */
export async function vendorInScope(...args: Parameters<typeof findVendor>) {
  const row = await findVendor(...args)
  if (!row) throw notFound()
  return row
}
