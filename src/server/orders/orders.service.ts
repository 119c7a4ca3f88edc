import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { OrderStatus } from '../../shared/constants'
import {
  vendorOrderTransitions,
  type adminOrderInput,
  type Delivery,
  type OrderDto,
  type OrderList,
  type orderListQuery,
} from '../../shared/schemas/order'
import type { Db, Tx } from '../db/client'
import {
  marketplaceSettings,
  orders,
  products,
  variants,
  vendors,
  type VariantAttributes,
} from '../db/schema'
import { ledgerBalance } from '../ledger/ledger'
import { recordAudit, recordAudits } from '../audit/record-audit'
import { countCapFor } from '../lib/paginate'
import { AppError, isUuid } from '../lib/errors'
import { lockInScope, ordersIn, type AdminScope, type Scope, type VendorScope } from '../lib/scope'
import { notify, notifyAll } from '../realtime/events'
import { orderColumns, orderFilter, orderRows, type OrderRow } from './orders.queries'

const variantNotFound = () =>
  new AppError('VALIDATION', 'orders.variantNotFound', undefined, { variantId: 'orders.variantNotFound' })

export function toOrderDto(row: OrderRow): OrderDto {
  return {
    id: row.id,
    status: row.status,
    productName: row.productName,
    sku: row.sku,
    attributes: {
      ...(row.attributes.color ? { color: row.attributes.color } : {}),
      ...(row.attributes.size ? { size: row.attributes.size } : {}),
    },
    unitPrice: row.unitPrice,
    quantity: row.quantity,
    totalAmount: row.totalAmount,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    deliveryDistrict: row.deliveryDistrict,
    deliverySector: row.deliverySector,
    deliveryCell: row.deliveryCell,
    deliveryAddress: row.deliveryAddress,
    deliveryNote: row.deliveryNote,
    createdAt: row.createdAt.toISOString(),
  }
}

/** An order as its audit entries keep it (the specification's column names). */
export const auditedOrder = (order: OrderRow) => ({
  vendor_id: order.vendorId,
  product_id: order.productId,
  variant_id: order.variantId,
  product_name: order.productName,
  sku: order.sku,
  quantity: order.quantity,
  unit_price: order.unitPrice,
  total_amount: order.totalAmount,
  customer_name: order.customerName,
  customer_email: order.customerEmail,
  status: order.status,
  // The delivery fields, only when the order has them (README: beyond the specification).
  ...Object.fromEntries(
    Object.entries({
      customer_phone: order.customerPhone,
      delivery_district: order.deliveryDistrict,
      delivery_sector: order.deliverySector,
      delivery_cell: order.deliveryCell,
      delivery_address: order.deliveryAddress,
      delivery_note: order.deliveryNote,
    }).filter(([, value]) => value !== null),
  ),
})

/**
 * A new order's row: what was ordered (the product's name, the variant's SKU, attributes and price as they are
 * now, kept on the order), by whom, and where to deliver it (each delivery field null when not given).
 */
const newOrderRow = (
  order: PlaceOrder,
  product: { id: string; name: string },
  variant: { sku: string; attributes: VariantAttributes; price: number },
) => ({
  vendorId: order.vendorId,
  productId: product.id,
  variantId: order.variantId,
  productName: product.name,
  sku: variant.sku,
  attributes: variant.attributes,
  unitPrice: variant.price,
  quantity: order.quantity,
  totalAmount: variant.price * order.quantity,
  customerName: order.customerName,
  customerEmail: order.customerEmail,
  customerPhone: order.customerPhone ?? null,
  deliveryDistrict: order.deliveryDistrict ?? null,
  deliverySector: order.deliverySector ?? null,
  deliveryCell: order.deliveryCell ?? null,
  deliveryAddress: order.deliveryAddress ?? null,
  deliveryNote: order.deliveryNote ?? null,
  status: 'pending' as const,
})

export type PlaceOrder = {
  vendorId: string
  /** When given (the admin form names it), the variant must be this product's. */
  productId?: string
  variantId: string
  quantity: number
  customerName: string
  customerEmail: string
} & Partial<Delivery>

/**
 * The products (with their variants' ids and their shops' status) that orders name, read with a SHARE lock on the
 * product and the shop, in product id order: an edit or deletion of the product, or a decision on the shop, waits
 * for the orders, or they for it.
 */
const productsForSale = (tx: Tx, where: SQL | undefined) =>
  tx
    .select({
      variantId: variants.id,
      id: products.id,
      vendorId: products.vendorId,
      name: products.name,
      status: products.status,
      vendorStatus: vendors.status,
      shopBalance: ledgerBalance(vendors.id),
      debtLimit: sql<number | null>`(select ${marketplaceSettings.debtLimit} from ${marketplaceSettings}
        where ${marketplaceSettings.id} = 1)`.mapWith(Number),
    })
    .from(products)
    .innerJoin(variants, eq(variants.productId, products.id))
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(where)
    .orderBy(products.id)
    .for('share', { of: [products, vendors] })

/**
 * A shop that owes the marketplace more than the operator's limit (after refunds that followed payouts) takes no new
 * order until later sales or an adjustment settle it (as CS-Cart blocks a vendor past its debt limit): the debt
 * would otherwise only grow with the goods it keeps selling. No limit set: never.
 */
function owesTooMuch(product: { shopBalance: number; debtLimit: number | null }) {
  if (product.debtLimit === null || -product.shopBalance <= product.debtLimit) return null
  return new AppError(
    'CONFLICT',
    'orders.shopOwes',
    { owed: -product.shopBalance, limit: product.debtLimit },
    { vendorId: 'orders.shopOwes' },
  )
}

/**
 * Takes an order in the caller's transaction. The product is read with a SHARE lock, so an edit or a
 * deletion of it (which lock it FOR UPDATE) waits for the order, or the order for them: an order never
 * points at a variant that an edit is removing. Price, SKU, attributes and product name are copied onto
 * the order, the total is computed here, and the stock is taken with one conditional UPDATE, so orders at
 * once can never sell more than there is (README: deliberate divergences).
 */
export async function placeOrder(tx: Tx, order: PlaceOrder): Promise<OrderRow> {
  const ids = [order.vendorId, order.variantId, ...(order.productId ? [order.productId] : [])]
  if (!ids.every((id) => isUuid(id))) throw variantNotFound()
  const [product] = await productsForSale(
    tx,
    and(
      eq(variants.id, order.variantId),
      eq(products.vendorId, order.vendorId),
      order.productId ? eq(products.id, order.productId) : undefined,
    ),
  )
  // Only an approved shop's approved products are for sale (admin §5: the form offers only those; a pending
  // shop's products are hidden until approved, a rejected shop cannot use the platform). The SHARE lock on
  // the vendor row makes a status change wait for this order, or this order for it.
  if (!product || product.status !== 'approved') throw variantNotFound()
  if (product.vendorStatus !== 'approved') {
    throw new AppError('VALIDATION', 'orders.vendorNotApproved', undefined, {
      vendorId: 'orders.vendorNotApproved',
    })
  }
  const owes = owesTooMuch(product)
  if (owes) throw owes

  const [taken] = await tx
    .update(variants)
    // The version moves with the stock: a product form opened before this order can no longer save over it.
    .set({ stock: sql`${variants.stock} - ${order.quantity}`, version: sql`${variants.version} + 1` })
    .where(
      and(
        eq(variants.id, order.variantId),
        sql`${variants.stock} >= ${order.quantity}`,
        sql`${variants.archivedAt} is null`,
      ),
    )
    .returning({ sku: variants.sku, price: variants.price, attributes: variants.attributes })
  if (!taken) {
    const [variant] = await tx
      .select({ stock: variants.stock, archivedAt: variants.archivedAt })
      .from(variants)
      .where(eq(variants.id, order.variantId))
    if (!variant || variant.archivedAt) throw variantNotFound()
    throw new AppError('CONFLICT', 'orders.insufficientStock', {
      available: variant.stock,
      requested: order.quantity,
    })
  }

  const [created] = await tx
    .insert(orders)
    .values(newOrderRow(order, product, taken))
    .returning(orderColumns)
  await notify(tx, { topic: 'orders', vendorId: order.vendorId, id: created!.id })
  // The stock shown on the vendor's product list changed too.
  await notify(tx, { topic: 'products', vendorId: order.vendorId, id: product.id })
  return created!
}

/**
 * An order an admin places (the order form, or a row of an import): the order and its 'create' audit entry
 * are written in the caller's transaction, so they commit together or neither does. `details` says where it
 * came from when that is not the form.
 */
export async function placeAuditedOrder(
  tx: Tx,
  admin: AdminScope,
  input: PlaceOrder,
  details?: Record<string, unknown>,
): Promise<OrderRow> {
  const order = await placeOrder(tx, input)
  await recordAudit(tx, {
    by: admin,
    action: 'create',
    targetTable: 'orders',
    targetId: order.id,
    newValues: auditedOrder(order),
    details,
  })
  return order
}

/** What became of one order of a batch: placed, or refused with the error placeOrder would have thrown. */
export type BatchOrderOutcome = { order: OrderRow; error?: never } | { order?: never; error: AppError }

/**
 * Places several admin orders in the caller's transaction, in the given order, under the rules of placeOrder
 * (an import's rows, a few hundred at a time): the same checks and refusals, as if each had been placed alone
 * one after the other, but in a handful of statements instead of six per order. A refused order leaves
 * nothing; the placed ones, their stock and their audit entries commit together.
 *
 * Locks are taken in placeOrder's order (products and shops shared, then variants for update), each kind in id
 * order, so a batch waits for a product edit or an order at once, or they for it, and never deadlocks with them.
 */
export async function placeAuditedOrders(
  tx: Tx,
  admin: AdminScope,
  inputs: (PlaceOrder & { details?: Record<string, unknown> })[],
): Promise<BatchOrderOutcome[]> {
  const variantIds = [...new Set(inputs.map((input) => input.variantId).filter(isUuid))].sort()
  const forSale = variantIds.length === 0 ? [] : await productsForSale(tx, inArray(variants.id, variantIds))
  const stocked =
    variantIds.length === 0
      ? []
      : await tx
          .select({
            id: variants.id,
            stock: variants.stock,
            sku: variants.sku,
            price: variants.price,
            attributes: variants.attributes,
            archivedAt: variants.archivedAt,
          })
          .from(variants)
          .where(inArray(variants.id, variantIds))
          .orderBy(variants.id)
          .for('update')
  const productOf = new Map(forSale.map((row) => [row.variantId, row]))
  const variantOf = new Map(stocked.map((row) => [row.id, { ...row, sold: 0, orders: 0 }]))

  // Each order in turn, against the stock the ones before it left (what placing them one by one would do).
  type Accepted = { accepted: typeof orders.$inferInsert & { id: string } }
  const outcomes: ({ error: AppError } | Accepted)[] = inputs.map((input) => {
    const ids = [input.vendorId, input.variantId, ...(input.productId ? [input.productId] : [])]
    const product = productOf.get(input.variantId)
    const variant = variantOf.get(input.variantId)
    if (
      !ids.every((id) => isUuid(id)) ||
      !product ||
      product.vendorId !== input.vendorId ||
      (input.productId && product.id !== input.productId) ||
      product.status !== 'approved'
    ) {
      return { error: variantNotFound() }
    }
    if (product.vendorStatus !== 'approved') {
      return {
        error: new AppError('VALIDATION', 'orders.vendorNotApproved', undefined, {
          vendorId: 'orders.vendorNotApproved',
        }),
      }
    }
    const owes = owesTooMuch(product)
    if (owes) return { error: owes }
    if (!variant || variant.archivedAt) return { error: variantNotFound() }
    if (variant.stock < input.quantity) {
      return {
        error: new AppError('CONFLICT', 'orders.insufficientStock', {
          available: variant.stock,
          requested: input.quantity,
        }),
      }
    }
    variant.stock -= input.quantity
    variant.sold += input.quantity
    variant.orders += 1
    return {
      accepted: {
        id: randomUUID(),
        ...newOrderRow(input, product, variant),
        // Each order its own moment, in the batch's order (now() would give them all the transaction's).
        createdAt: sql`clock_timestamp()` as unknown as Date,
      },
    }
  })

  const accepted = outcomes.flatMap((outcome) => ('accepted' in outcome ? [outcome.accepted] : []))
  if (accepted.length === 0) return outcomes.filter((outcome) => 'error' in outcome)
  const taken = [...variantOf.values()].filter((variant) => variant.orders > 0)
  // The version moves with the stock: a product form opened before these orders can no longer save over it.
  await tx.execute(sql`
    update ${variants} set
      stock = ${variants.stock} - taken.sold,
      version = ${variants.version} + taken.orders
    from (values ${sql.join(
      taken.map((variant) => sql`(${variant.id}::uuid, ${variant.sold}::int, ${variant.orders}::int)`),
      sql`, `,
    )}) as taken (id, sold, orders)
    where ${variants.id} = taken.id`)
  const created = await tx.insert(orders).values(accepted).returning(orderColumns)
  const createdById = new Map(created.map((order) => [order.id, order]))
  const placed: BatchOrderOutcome[] = outcomes.map((outcome) =>
    'accepted' in outcome ? { order: createdById.get(outcome.accepted.id)! } : outcome,
  )
  await recordAudits(
    tx,
    placed.flatMap(({ order }, at) =>
      order
        ? [
            {
              by: admin,
              action: 'create' as const,
              targetTable: 'orders',
              targetId: order.id,
              newValues: auditedOrder(order),
              details: inputs[at]!.details,
            },
          ]
        : [],
    ),
  )
  // One announcement per shop and per product is enough: the screens refetch the lists they show.
  await notifyAll(tx, [
    ...[...new Set(accepted.map((order) => order.vendorId))].map((vendorId) => ({
      topic: 'orders' as const,
      vendorId,
    })),
    ...[...new Map(accepted.map((order) => [order.productId, order])).values()].map((order) => ({
      topic: 'products' as const,
      vendorId: order.vendorId,
      id: order.productId!,
    })),
  ])
  return placed
}

/** The admin's "Create order". */
export async function createAdminOrder(
  db: Db,
  admin: AdminScope,
  input: z.output<typeof adminOrderInput>,
): Promise<OrderDto> {
  return db.transaction(async (tx) => toOrderDto(await placeAuditedOrder(tx, admin, input)))
}

/** One page of the scope's orders, newest first, optionally by status and search (a search counts to 1,000). */
export async function listOrders(
  db: Db,
  scope: Scope,
  query: z.output<typeof orderListQuery>,
  options: { timeZone: string },
): Promise<OrderList> {
  return orderRows.page(db, query, orderFilter(scope, query, options.timeZone), {
    toItem: (row) => toOrderDto(row.order),
    countCap: countCapFor(query.q),
  })
}

/**
 * Takes the vendor lock that payout requests take: completing or refunding changes the payout balance, so a
 * refund racing a payout request cannot leave the vendor overdrawn.
 */
const lockVendorBalance = (tx: Tx, scope: VendorScope) =>
  tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, scope.vendorId)).for('update')

/**
 * Moves the vendor's locked orders to `status`, each with its own audit entry (so an order's history, the admin's
 * details dialog, tells the whole story), in the caller's transaction: one order or a selection alike.
 */
async function moveVendorOrders(
  tx: Tx,
  scope: VendorScope,
  current: OrderRow[],
  status: Exclude<OrderStatus, 'pending'>,
): Promise<OrderRow[]> {
  const ids = current.map((order) => order.id)
  const updated = await tx
    .update(orders)
    .set({ status })
    .where(inArray(orders.id, ids))
    .returning(orderColumns)
  await recordAudits(
    tx,
    current.map((order) => ({
      by: scope,
      action: 'update' as const,
      targetTable: 'orders',
      targetId: order.id,
      oldValues: { status: order.status },
      newValues: { status },
    })),
  )
  await notifyAll(tx, [
    ...ids.map((id) => ({ topic: 'orders' as const, vendorId: scope.vendorId, id })),
    { topic: 'payouts', vendorId: scope.vendorId },
  ])
  return updated
}

/**
 * The vendor's only moves (specification §4): pending → completed → refunded; refunded is final. The order
 * row is locked, so two clicks at once cannot both pass the check.
 */
export async function setVendorOrderStatus(
  db: Db,
  scope: VendorScope,
  id: string,
  status: Exclude<OrderStatus, 'pending'>,
): Promise<OrderDto> {
  return db.transaction(async (tx) => {
    await lockVendorBalance(tx, scope)
    const current = await lockInScope(tx, orders, id, ordersIn(scope))
    if (vendorOrderTransitions[current.status] !== status) {
      throw new AppError('CONFLICT', 'orders.invalidTransition', { from: current.status, to: status })
    }
    const [updated] = await moveVendorOrders(tx, scope, [current], status)
    return toOrderDto(updated!)
  })
}

/**
 * The vendor's "Mark Completed" for a selection, in one transaction: every order must be one of the vendor's own
 * and still pending, or none is changed. The whole selection is refused, naming how many of them could not be
 * completed (409 orders.bulkComplete.refused {count, total}), rather than completing part of it: the vendor chose
 * them together, and a partial success would leave them to find which ones were left. An unknown id and another
 * shop's order count alike (as the single change answers both 404), so the answer tells nothing of other shops.
 */
export async function completeVendorOrders(
  db: Db,
  scope: VendorScope,
  ids: string[],
): Promise<{ completed: string[] }> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))]
  return db.transaction(async (tx) => {
    await lockVendorBalance(tx, scope)
    // In id order, as every other lock of several orders: two selections at once never deadlock.
    const current = await tx
      .select()
      .from(orders)
      .where(and(inArray(orders.id, wanted), ordersIn(scope)))
      .orderBy(orders.id)
      .for('update')
    const completable = current.filter((order) => vendorOrderTransitions[order.status] === 'completed')
    if (completable.length < wanted.length) {
      throw new AppError('CONFLICT', 'orders.bulkComplete.refused', {
        count: wanted.length - completable.length,
        total: wanted.length,
      })
    }
    const updated = await moveVendorOrders(tx, scope, completable, 'completed')
    return { completed: updated.map((order) => order.id) }
  })
}
