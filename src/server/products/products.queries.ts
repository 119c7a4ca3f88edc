import { and, eq, ilike, inArray, or, type SQL } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { adminProductExportQuery } from '../../shared/schemas/product'
import { products, vendors } from '../db/schema'
import { withinDays } from '../lib/calendar'
import { keysetRows, positionOf } from '../lib/paginate'
import { productsIn, type Scope } from '../lib/scope'
import { isAnyOf, likePattern } from '../lib/search'

/**
 * The products resource (docs/decisions/018): its columns and join, the scope filter, search, filters and keyset
 * order, read by the vendor's list and details and the admin's list, details and export alike.
 */

/** Each product with its shop (id, name and status: a pending shop's products are hidden), newest first. */
export const productRows = keysetRows(products, products.createdAt, 'product', (db) =>
  db
    .select({
      product: products,
      shop: { id: vendors.id, shopName: vendors.shopName, status: vendors.status },
      position: positionOf(products.createdAt),
    })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .$dynamic(),
)

/** The moderation filters, or the selected products (an export of a selection: the filters are then left out). */
export type ProductFilters = Partial<z.output<typeof adminProductExportQuery>>

/**
 * The scope's products the filters keep (the moderation list's: search by name, description or shop; status;
 * created between two days of the marketplace's time zone), or the selected ones.
 */
export function productFilter(scope: Scope, query: ProductFilters, timeZone: string): SQL | undefined {
  if (query.ids) return and(productsIn(scope), inArray(products.id, query.ids))
  const pattern = query.q ? likePattern(query.q) : null
  return and(
    productsIn(scope),
    !query.status || query.status === 'all' ? undefined : eq(products.status, query.status),
    pattern
      ? or(
          ilike(products.name, pattern),
          ilike(products.description, pattern),
          // Through the shops' ids, so every condition is on the product row and has its index.
          isAnyOf(
            products.vendorId,
            new QueryBuilder()
              .select({ id: vendors.id })
              .from(vendors)
              .where(ilike(vendors.shopName, pattern)),
          ),
        )
      : undefined,
    // The days' bounds as instants, so they bound the creation time's index.
    withinDays(products.createdAt, query, timeZone),
  )
}
