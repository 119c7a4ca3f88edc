import { and, isNull, lte, type SQL } from 'drizzle-orm'
import { variants, vendors } from '../db/schema'

/**
 * A variant low on stock (step 10, B.4): still sold (not archived) and holding its shop's low-stock threshold or
 * fewer, each shop its own (`vendors.low_stock_threshold`, default 5). For a select of variants joined to their
 * shop (`vendors.id = variants.vendor_id`): the products list's filter and the vendor dashboard's count read the
 * same rule, so the card's number is the filtered list's.
 */
export const isLowVariant = (): SQL =>
  and(isNull(variants.archivedAt), lte(variants.stock, vendors.lowStockThreshold))!
