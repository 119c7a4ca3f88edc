import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { OrderStatus } from '../../shared/constants'
import {
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
import { orders, products, variants, vendorTotals, vendors } from '../db/schema'
import { recordAudit } from '../audit/record-audit'
import { csvDateTime, csvFileName, type CsvExport, type CsvValue } from '../lib/csv'
import { isUuid, notFound } from '../lib/errors'
import { keysetPages, newestFirstAfter } from '../lib/keyset'
import {
  cappedTotal,
  listPage,
  positionOf,
  sampleSize,
  searchCountCap,
  countCapFor,
  type Slice,
} from '../lib/paginate'
import type { AdminScope } from '../lib/scope'
import { idStartsWith, isAnyOf, likePattern, money } from '../lib/search'
import { notify } from '../realtime/events'
import { auditedOrder, toOrderDto } from './orders.service'

type OrderRow = typeof orders.$inferSelect
type AdminOrderRow = { order: OrderRow; shopName: string }

const adminOrderColumns = { order: orders, shopName: vendors.shopName }
const shopOfOrder = eq(vendors.id, orders.vendorId)
const newestFirst = [desc(orders.createdAt), desc(orders.id)] as const

const toAdminOrderDto = ({ order, shopName }: AdminOrderRow): AdminOrderDto => ({
  ...toOrderDto(order),
  vendorId: order.vendorId,
  shopName,
  productId: order.productId,
  variantId: order.variantId,
})

/** The shops whose name matches (a few thousand rows at most), for a search of orders by shop. */
const shopsNamed = (pattern: string) =>
  new QueryBuilder().select({ id: vendors.id }).from(vendors).where(ilike(vendors.shopName, pattern))

/**
 * The admin list's filter (admin §2 "/admin/orders"): status, shop, and q in the customer's name or e-mail,
 * the shop's name or the product's name as the order keeps it (whatever the case, LIKE wildcards taken
 * literally), or the start of the order's id. Every shop's orders: only admins reach it (the routes' guard).
 * Orders whose product was deleted still show: they keep what was sold (README: deliberate divergences).
 * Every condition is on the orders row itself (the shop's name through its ids), so each has an index and the
 * count needs no join.
 */
function adminOrderWhere(filters: AdminOrderFilters): SQL | undefined {
  const q = filters.q
  const pattern = likePattern(q)
  return and(
    filters.status === 'all' ? undefined : eq(orders.status, filters.status),
    filters.vendorId ? eq(orders.vendorId, filters.vendorId) : undefined,
    q
      ? or(
          idStartsWith(orders.id, q),
          ilike(orders.customerName, pattern),
          ilike(orders.customerEmail, pattern),
          ilike(orders.productName, pattern),
          isAnyOf(orders.vendorId, shopsNamed(pattern)),
        )
      : undefined,
  )
}

const adminOrderRows = (db: Db | Tx, where: SQL | undefined) =>
  db.select(adminOrderColumns).from(orders).innerJoin(vendors, shopOfOrder).where(where)

/**
 * The four cards of a search, with its count, over at most sampleSize(searchCountCap) of the orders it finds
 * (one statement): exact up to 1,000 orders, lower bounds beyond (`totalIsCapped`), so a search as wide as a
 * common family name costs the same on a million orders.
 */
async function summaryOfSearch(db: Db, where: SQL | undefined) {
  const sample = db
    .select({ status: orders.status, amount: orders.totalAmount })
    .from(orders)
    .where(where)
    .limit(sampleSize(searchCountCap))
    .as('sample')
  const whereStatus = (status: OrderStatus) =>
    sql<number>`count(*) filter (where ${sample.status} = ${status})`.mapWith(Number)
  const [row] = await db
    .select({
      matched: count(),
      pending: whereStatus('pending'),
      completed: whereStatus('completed'),
      revenue: money(sql`coalesce(sum(${sample.amount}) filter (where ${sample.status} <> 'refunded'), 0)`),
    })
    .from(sample)
  const { matched, ...figures } = row!
  const counted = cappedTotal(matched, searchCountCap)
  return { counted, summary: { orders: counted.total, ...figures }, summaryIsCapped: counted.totalIsCapped }
}

/**
 * The four cards of a status or shop filter, from the shops' running totals (docs/decisions/007): one row
 * per shop instead of every order, so the list's first screen costs the same at a million orders.
 */
function summaryFromTotals(db: Db, filters: AdminOrderFilters) {
  const t = vendorTotals
  const shows = (status: OrderStatus) => filters.status === 'all' || filters.status === status
  const when = (status: OrderStatus, column: SQLWrapper) => (shows(status) ? sql`${column}` : sql`0`)
  const added = (value: SQL) => money(sql`coalesce(sum(${value}), 0)`)
  return db
    .select({
      orders: added(
        sql`${when('pending', t.ordersPending)} + ${when('completed', t.ordersCompleted)} + ${when('refunded', t.ordersRefunded)}`,
      ),
      pending: added(when('pending', t.ordersPending)),
      completed: added(when('completed', t.ordersCompleted)),
      // Revenue leaves refunded orders out, as the search's count does.
      revenue: added(sql`${when('pending', t.amountPending)} + ${when('completed', t.amountCompleted)}`),
    })
    .from(t)
    .where(filters.vendorId ? eq(t.vendorId, filters.vendorId) : undefined)
}

/**
 * One page of every shop's orders, newest first, with the four cards of the same filters (orders, pending,
 * completed, revenue), summed by the database in one statement.
 */
export async function listAdminOrders(
  db: Db,
  _admin: AdminScope,
  query: AdminOrderFilters & PageQuery,
): Promise<AdminOrderList> {
  const where = adminOrderWhere(query)
  // A search reads its count and its cards together; a filter's cards come from the running totals.
  const searched = query.q ? summaryOfSearch(db, where) : null
  const [page, figures] = await Promise.all([
    listPage(db, query, {
      time: orders.createdAt,
      id: orders.id,
      where,
      rows: (slice: Slice) =>
        db
          .select({ ...adminOrderColumns, position: positionOf(orders.createdAt) })
          .from(orders)
          .innerJoin(vendors, shopOfOrder)
          .where(slice.where)
          .orderBy(...slice.orderBy)
          .limit(slice.limit)
          .offset(slice.offset),
      counted: (filter) =>
        db
          .select({ one: sql`1` })
          .from(orders)
          .where(filter)
          .$dynamic(),
      idOf: (row) => row.order.id,
      toItem: toAdminOrderDto,
      total: searched?.then(({ counted }) => counted),
      countCap: countCapFor(query.q),
    }),
    searched ??
      summaryFromTotals(db, query).then(([summary]) => ({ summary: summary!, summaryIsCapped: false })),
  ])
  return { ...page, summary: figures.summary, summaryIsCapped: figures.summaryIsCapped }
}

/** One order with its history from the audit trail (who created it, changed its status, when). */
export async function getAdminOrder(db: Db, _admin: AdminScope, id: string): Promise<AdminOrderDetails> {
  if (!isUuid(id)) throw notFound()
  const [row] = await adminOrderRows(db, eq(orders.id, id))
  if (!row) throw notFound()
  return { ...toAdminOrderDto(row), history: await historyOf(db, 'orders', id) }
}

/**
 * The order and its shop, locked for a change. The shop row is locked first, as payout requests lock it:
 * a status change or a deletion moves the shop's balance, and must not race a payout request.
 */
async function lockOrder(tx: Tx, id: string) {
  if (!isUuid(id)) throw notFound()
  const [owner] = await tx.select({ vendorId: orders.vendorId }).from(orders).where(eq(orders.id, id))
  if (!owner) throw notFound()
  await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, owner.vendorId)).for('update')
  const [row] = await adminOrderRows(tx, eq(orders.id, id)).for('update', { of: orders })
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
    const current = await lockOrder(tx, id)
    if (current.order.status === status) return toAdminOrderDto(current)
    const [updated] = await tx
      .update(orders)
      .set({ status })
      .where(eq(orders.id, current.order.id))
      .returning()
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
    const { order, shopName } = await lockOrder(tx, id)
    let restocked = 0
    if (order.status === 'pending' && order.variantId) {
      const returned = await tx
        .update(variants)
        .set({ stock: sql`${variants.stock} + ${order.quantity}`, version: sql`${variants.version} + 1` })
        .where(and(eq(variants.id, order.variantId), isNull(variants.archivedAt)))
        .returning({ id: variants.id })
      if (returned.length > 0) restocked = order.quantity
    }
    await tx.delete(orders).where(eq(orders.id, order.id))
    await recordAudit(tx, {
      by: admin,
      action: 'delete',
      targetTable: 'orders',
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
  _admin: AdminScope,
  query: { q: string; forSale: 'true' | 'false' },
): Promise<{ items: ShopChoice[] }> {
  const items = await db
    .select({ id: vendors.id, shopName: vendors.shopName, status: vendors.status })
    .from(vendors)
    .where(
      and(
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
  _admin: AdminScope,
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
      and(eq(products.vendorId, vendorId), eq(products.status, 'approved'), eq(vendors.status, 'approved')),
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

/** The export's columns: the import's six first (an export imports again as it is), then the rest. */
export const orderCsvHeader = [
  ...orderImportColumns,
  'Order ID',
  'Status',
  'Color',
  'Size',
  'Unit Price (RWF)',
  'Total Amount (RWF)',
  'Created',
] as const

const EXPORT_BATCH = 500

/**
 * The filtered orders as CSV (admin §8 "Failed to export orders" is the screen's message when this fails),
 * newest first, read in keyset batches while the download streams: no transaction stays open while a slow
 * browser reads, and an order placed meanwhile shifts nothing.
 */
export function exportAdminOrders(
  db: Db,
  _admin: AdminScope,
  filters: AdminOrderFilters,
  options: { timeZone: string; now?: Date; batchSize?: number },
): CsvExport {
  const where = adminOrderWhere(filters)
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
  ]
  async function* batches() {
    for await (const rows of keysetPages<AdminOrderRow>({
      size: options.batchSize ?? EXPORT_BATCH,
      after: newestFirstAfter(orders, orders.createdAt, orders.id),
      idOf: (row) => row.order.id,
      page: (after, limit) =>
        adminOrderRows(db, and(where, after))
          .orderBy(...newestFirst)
          .limit(limit),
    })) {
      yield rows.map(toCsv)
    }
  }
  return {
    fileName: csvFileName('orders', options.now ?? new Date(), options.timeZone),
    header: orderCsvHeader,
    batches: batches(),
  }
}
