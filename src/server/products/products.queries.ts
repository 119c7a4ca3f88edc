import { and, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { adminProductExportQuery } from '../../shared/schemas/product'
import { products, variants, vendors } from '../db/schema'
import { withinDays } from '../lib/calendar'
import { keysetRows, positionOf } from '../lib/paginate'
import { ownedBy, productsIn, type Scope } from '../lib/scope'
import { isLowVariant } from '../lib/stock'
import { isOfShopNamed, likePattern } from '../lib/search'

/**
 * The products resource (docs/decisions/018): its columns and join, the scope filter, search, filters and keyset
 * order, read by the vendor's list and details and the admin's list, details and export alike.
 */

/**
 * Each product with its shop (id, name and status: a pending shop's products are hidden; the shop's low-stock
 * threshold), newest first.
 */
export const productRows = keysetRows(products, products.createdAt, 'product', (db) =>
  db
    .select({
      product: products,
      shop: {
        id: vendors.id,
        shopName: vendors.shopName,
        status: vendors.status,
        lowStockThreshold: vendors.lowStockThreshold,
      },
      position: positionOf(products.createdAt),
    })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .$dynamic(),
)

/** The moderation filters, or the selected products (an export of a selection: the filters are then left out). */
export type ProductFilters = Partial<z.output<typeof adminProductExportQuery>>

/**
 * Low on stock: a live variant holds its shop's threshold or fewer (lib/stock.ts). A condition on the product row
 * (its variants through their product's index, the threshold by the shop's key), so the count needs no join. A
 * vendor's variants are named by the shop too: the count then reads that shop's variants through the index that
 * starts with the shop, not every shop's.
 */
const isLowOnStock = (scope: Scope) =>
  exists(
    new QueryBuilder()
      .select({ one: sql`1` })
      .from(variants)
      .innerJoin(vendors, eq(vendors.id, variants.vendorId))
      .where(and(eq(variants.productId, products.id), ownedBy(variants.vendorId, scope), isLowVariant())),
  )

/**
 * The scope's products the filters keep (the moderation list's: search by name, description or shop; status;
 * created between two days of the marketplace's time zone; low stock), or the selected ones. The vendor's list
 * takes the stock filter alone.
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
          isOfShopNamed(products.vendorId, pattern),
        )
      : undefined,
    // The days' bounds as instants, so they bound the creation time's index.
    withinDays(products.createdAt, query, timeZone),
    query.stock === 'low' ? isLowOnStock(scope) : undefined,
  )
}
