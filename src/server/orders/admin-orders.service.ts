import { and, asc, eq, ilike, isNull, sql } from 'drizzle-orm'
import type { OrderStatus } from '../../shared/constants'
import {
  orderDeliveryColumns,
  orderImportColumns,
  type AdminOrderDetails,
  type AdminOrderDto,
  type AdminOrderFilters,
  type AdminOrderList,
  type ProductChoice,
  type ShopChoice,
} from '../../shared/schemas/order'
import type { PageQuery } from '../../shared/schemas/pagination'
import { historyOf } from '../audit/history'
import type { Db, Tx } from '../db/client'
import { orders, products, variants, vendors } from '../db/schema'
import { deleteAudited, recordAudit } from '../audit/record-audit'
import { csvDateTime, csvFileName, type CsvExport, type CsvValue } from '../lib/csv'
import { isUuid, notFound } from '../lib/errors'
import { countCapFor } from '../lib/paginate'
import { ordersIn, productsIn, vendorsIn, type AdminScope, type Scope } from '../lib/scope'
import { likePattern } from '../lib/search'
import { notify } from '../realtime/events'
import {
  orderColumns,
  orderFilter,
  orderRows,
  sampleSummary,
  totalsSummary,
  type OrderRow,
} from './orders.queries'
import { auditedOrder, toOrderDto } from './orders.service'

type AdminOrderRow = { order: OrderRow; shopName: string }

const toAdminOrderDto = ({ order, shopName }: AdminOrderRow): AdminOrderDto => ({
  ...toOrderDto(order),
  vendorId: order.vendorId,
  shopName,
  productId: order.productId,
  variantId: order.variantId,
})

/**
 * One page of the scope's orders (every shop's for an admin), newest first, with the four cards of the same
 * filters (orders, pending, completed, revenue), summed by the database in one statement.
 */
export async function listAdminOrders(
  db: Db,
  scope: Scope,
  query: AdminOrderFilters & PageQuery,
  options: { timeZone: string },
): Promise<AdminOrderList> {
  const where = orderFilter(scope, query, options.timeZone)
  const cap = countCapFor(query.q)
  // A search or a range of days reads its count and its cards together, from its own orders; a status or shop
  // filter's cards come from the running totals, which count every day.
  const sampled = query.q || query.from || query.to ? sampleSummary(db, where, cap) : null
  const [page, figures] = await Promise.all([
    orderRows.page(db, query, where, {
      toItem: toAdminOrderDto,
      total: sampled?.then(({ counted }) => counted),
      countCap: cap,
    }),
    sampled ?? totalsSummary(db, scope, query),
  ])
  return { ...page, summary: figures.summary, summaryIsCapped: figures.summaryIsCapped }
}

/** One order with its history from the audit trail (who created it, changed its status, when). */
export async function getAdminOrder(db: Db, scope: Scope, id: string): Promise<AdminOrderDetails> {
  if (!isUuid(id)) throw notFound()
  const row = await orderRows.first(db, and(eq(orders.id, id), ordersIn(scope)))
  if (!row) throw notFound()
  return { ...toAdminOrderDto(row), history: await historyOf(db, 'orders', id) }
}

/**
 * The order and its shop, locked for a change. The shop row is locked first, as payout requests lock it:
 * a status change or a deletion moves the shop's balance, and must not race a payout request.
 */
async function lockOrder(tx: Tx, scope: Scope, id: string) {
  if (!isUuid(id)) throw notFound()
  const inScope = and(eq(orders.id, id), ordersIn(scope))
  const [owner] = await tx.select({ vendorId: orders.vendorId }).from(orders).where(inScope)
  if (!owner) throw notFound()
  await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, owner.vendorId)).for('update')
  const [row] = await orderRows.select(tx).where(inScope).for('update', { of: orders })
  if (!row) throw notFound()
  return row
}

/** After a change to an order: its shop's order list, balance and product stock refresh on every screen. */
async function announce(tx: Tx, order: OrderRow) {
  await notify(tx, { topic: 'orders', vendorId: order.vendorId, id: order.id })
  await notify(tx, { topic: 'payouts', vendorId: order.vendorId })
  if (order.productId) await notify(tx, { topic: 'products', vendorId: order.vendorId, id: order.productId })
}

/**
 * The row's status selector (specification §4): the admin may set any status. The stock is not touched (a
 * refund does not put goods back on the shelf, as on the vendor's side); the balance follows from the
 * statuses, and a refund after a payout leaves a deficit that is kept and shown as owed (decisions/006).
 */
export async function setAdminOrderStatus(
  db: Db,
  admin: AdminScope,
  id: string,
  status: OrderStatus,
): Promise<AdminOrderDto> {
  return db.transaction(async (tx) => {
    const current = await lockOrder(tx, admin, id)
    if (current.order.status === status) return toAdminOrderDto(current)
    const [updated] = await tx
      .update(orders)
      .set({ status })
      .where(eq(orders.id, current.order.id))
      .returning(orderColumns)
    await recordAudit(tx, {
      by: admin,
      action: 'update',
      targetTable: 'orders',
      targetId: current.order.id,
      oldValues: { status: current.order.status },
      newValues: { status },
      details: { shop_name: current.shopName, customer_name: current.order.customerName },
    })
    await announce(tx, updated!)
    return toAdminOrderDto({ order: updated!, shopName: current.shopName })
  })
}

/**
 * Deletes an order (after the screen's 'Are you sure you want to delete this order?'). A pending order's
 * units never left the shop: they go back to its variant's stock, when the variant is still sold. The audit
 * entry keeps the whole order, so what was deleted can be read back.
 */
export async function deleteAdminOrder(db: Db, admin: AdminScope, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { order, shopName } = await lockOrder(tx, admin, id)
    let restocked = 0
    if (order.status === 'pending' && order.variantId) {
      const returned = await tx
        .update(variants)
        .set({ stock: sql`${variants.stock} + ${order.quantity}`, version: sql`${variants.version} + 1` })
        .where(and(eq(variants.id, order.variantId), isNull(variants.archivedAt)))
        .returning({ id: variants.id })
      if (returned.length > 0) restocked = order.quantity
    }
    await deleteAudited(tx, orders, {
      by: admin,
      targetId: order.id,
      oldValues: auditedOrder(order),
      details: { shop_name: shopName, stock_returned: restocked },
    })
    await announce(tx, order)
  })
}

/** Shops for the order form (approved ones) or the list's filter (all), by name, at most 50 for a search. */
export async function listShopChoices(
  db: Db,
  scope: Scope,
  query: { q: string; forSale: 'true' | 'false' },
): Promise<{ items: ShopChoice[] }> {
  const items = await db
    .select({ id: vendors.id, shopName: vendors.shopName, status: vendors.status })
    .from(vendors)
    .where(
      and(
        vendorsIn(scope),
        query.forSale === 'true' ? eq(vendors.status, 'approved') : undefined,
        query.q ? ilike(vendors.shopName, likePattern(query.q)) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${vendors.shopName})`), asc(vendors.id))
    .limit(50)
  return { items }
}

/**
 * One approved shop's approved products by name, each with the variants still sold (admin §5: the form offers
 * only those). The stock shown is a hint; the order takes it atomically when it is placed.
 */
export async function listProductChoices(
  db: Db,
  scope: Scope,
  vendorId: string,
): Promise<{ items: ProductChoice[] }> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      variant: {
        id: variants.id,
        sku: variants.sku,
        attributes: variants.attributes,
        price: variants.price,
        stock: variants.stock,
      },
    })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .innerJoin(variants, and(eq(variants.productId, products.id), isNull(variants.archivedAt)))
    .where(
      and(
        productsIn(scope),
        eq(products.vendorId, vendorId),
        eq(products.status, 'approved'),
        eq(vendors.status, 'approved'),
      ),
    )
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id), asc(variants.sku))
  const byProduct = new Map<string, ProductChoice>()
  for (const { id, name, variant } of rows) {
    const product = byProduct.get(id) ?? { id, name, variants: [] }
    product.variants.push({
      ...variant,
      attributes: {
        ...(variant.attributes.color ? { color: variant.attributes.color } : {}),
        ...(variant.attributes.size ? { size: variant.attributes.size } : {}),
      },
    })
    byProduct.set(id, product)
  }
  return { items: [...byProduct.values()] }
}

/**
 * The export's columns: the import's six first (an export imports again as it is), then the rest, and last the
 * delivery columns (the import reads them back by name).
 */
export const orderCsvHeader = [
  ...orderImportColumns,
  'Order ID',
  'Status',
  'Color',
  'Size',
  'Unit Price (RWF)',
  'Total Amount (RWF)',
  'Created',
  ...orderDeliveryColumns,
] as const

const EXPORT_BATCH = 500

/**
 * The filtered orders as CSV (admin §8 "Failed to export orders" is the screen's message when this fails),
 * newest first, read in keyset batches while the download streams: no transaction stays open while a slow
 * browser reads, and an order placed meanwhile shifts nothing.
 */
export function exportAdminOrders(
  db: Db,
  scope: Scope,
  filters: AdminOrderFilters,
  options: { timeZone: string; now?: Date; batchSize?: number },
): CsvExport {
  const where = orderFilter(scope, filters, options.timeZone)
  const toCsv = ({ order, shopName }: AdminOrderRow): CsvValue[] => [
    order.customerName,
    order.customerEmail,
    shopName,
    order.productName,
    order.sku,
    order.quantity,
    order.id,
    order.status,
    order.attributes.color,
    order.attributes.size,
    order.unitPrice,
    order.totalAmount,
    csvDateTime(order.createdAt, options.timeZone),
    order.customerPhone,
    order.deliveryDistrict,
    order.deliverySector,
    order.deliveryCell,
    order.deliveryAddress,
    order.deliveryNote,
  ]
  async function* batches() {
    for await (const rows of orderRows.batches(db, where, options.batchSize ?? EXPORT_BATCH)) {
      yield rows.map(toCsv)
    }
  }
  return {
    fileName: csvFileName('orders', options.now ?? new Date(), options.timeZone),
    header: orderCsvHeader,
    batches: batches(),
  }
}
