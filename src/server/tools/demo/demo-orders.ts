/**
 * The orders of the last months: a few a day, busier lately and at weekends, placed by the team on the order
 * form for the shops people buy from most; most are completed, some refunded, the latest still pending.
 */
import type { OrderStatus } from '../../../shared/constants'
import { adminOrderInput } from '../../../shared/schemas/order'
import { DAY_MS } from '../../../shared/subscription'
import { deleteAdminOrder, setAdminOrderStatus } from '../../orders/admin-orders.service'
import { createAdminOrder, setVendorOrderStatus } from '../../orders/orders.service'
import { HOUR_MS } from './demo-clock'
import { demoCustomers } from './demo-data'
import {
  DEMO_ORDER_DAYS,
  vendorScope,
  type ProductState,
  type ShopState,
  type Story,
  type VariantState,
} from './demo-story'

export function planOrders(story: Story) {
  const { random, real, onDay } = story
  // Once, the team types an order twice and deletes the copy (placeOrder).
  const duplicate = { isPlaced: false }
  for (let daysAgo = DEMO_ORDER_DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
    // Busier lately, and at weekends.
    const weekday = real(-daysAgo * DAY_MS + 12 * HOUR_MS).getUTCDay()
    const expected =
      (2.4 + 2.8 * (1 - daysAgo / DEMO_ORDER_DAYS)) * (weekday === 0 || weekday === 6 ? 1.3 : 1)
    const count = Math.max(1, Math.round(expected + random.between(-1.5, 1.5)))
    for (let n = 0; n < count; n += 1)
      story.timeline.at(onDay(daysAgo), (at) => placeOrder(story, at, duplicate))
  }
}

const sellable = (product: ProductState, at: number) =>
  product.status === 'approved' && product.createdAt < at && product.variants.some((v) => v.stock > 0)

/** One order: placed by the team (the order form), then completed, refunded or left pending. */
async function placeOrder(story: Story, at: number, duplicate: { isPlaced: boolean }) {
  const { db, random } = story
  const open = [...story.shops.values()].filter(
    (shop) => shop.status === 'approved' && shop.products.some((product) => sellable(product, at)),
  )
  if (open.length === 0) return
  const shop = random.weighted(open, (candidate) => candidate.data.popularity)
  const product = random.weighted(
    shop.products.filter((candidate) => sellable(candidate, at)),
    (candidate) => candidate.popularity,
  )
  const wanted =
    product.data.price >= 100_000 ? 1 : random.weighted([1, 2, 3, 4], (n) => [70, 20, 7, 3][n - 1]!)
  const variant = random.pick(product.variants.filter((candidate) => candidate.stock > 0))
  const quantity = Math.min(wanted, variant.stock)
  const customer = random.pick(demoCustomers)
  const input = adminOrderInput.parse({
    vendorId: shop.vendorId,
    productId: product.id,
    variantId: variant.id,
    customerName: customer.name,
    customerEmail: customer.email,
    quantity,
  })
  const place = async (when: number) => {
    const order = await story.act(
      when,
      (request) => createAdminOrder(db, story.admin(request), input),
      (placed, moment) => {
        story.stamps.set('orders', 'created_at', placed.id, moment)
        story.stamps.set('orders', 'updated_at', placed.id, moment)
      },
    )
    variant.stock -= quantity
    return order
  }
  const order = await place(at)

  // Once, the team types an order twice and deletes the copy (a delete on the audit trail).
  if (!duplicate.isPlaced && at > -40 * DAY_MS && variant.stock >= quantity) {
    duplicate.isPlaced = true
    placeCopy(story, at, variant, quantity, place)
  }
  planFate(story, shop, order.id, at)
}

/** The copy typed a few minutes later, deleted within the hour; its stock goes back. */
function placeCopy(
  story: Story,
  at: number,
  variant: VariantState,
  quantity: number,
  place: (when: number) => Promise<{ id: string }>,
) {
  const { random, timeline } = story
  timeline.at(at + random.between(2, 6) * 60_000, async (copiedAt) => {
    if (variant.stock < quantity) return
    const copy = await place(copiedAt)
    timeline.at(copiedAt + random.between(30, 90) * 60_000, async (deletedAt) => {
      await story.act(deletedAt, (request) => deleteAdminOrder(story.db, story.admin(request), copy.id))
      variant.stock += quantity
    })
  })
}

/** Most orders are completed (a few of them refunded later), some cancelled; the rest wait. */
function planFate(story: Story, shop: ShopState, orderId: string, at: number) {
  const { random, timeline, later } = story
  const fate = random.next()
  if (fate < 0.82) {
    timeline.at(later(at, 2, fate < 0.7 ? 30 : 140), async (completedAt) => {
      await setOrderStatus(story, shop, orderId, 'completed', completedAt)
      if (random.chance(0.08)) {
        timeline.at(later(completedAt, 20, 300), (refundedAt) =>
          setOrderStatus(story, shop, orderId, 'refunded', refundedAt),
        )
      }
    })
  } else if (fate < 0.88) {
    // Cancelled before it shipped: only the team can refund a pending order.
    timeline.at(later(at, 3, 60), (when) => setOrderStatus(story, shop, orderId, 'refunded', when, true))
  }
  // Otherwise it waits: recent orders, and a few awaiting collection.
}

/** Vendors move most of their orders themselves; the team steps in now and then. */
async function setOrderStatus(
  story: Story,
  shop: ShopState,
  orderId: string,
  status: Exclude<OrderStatus, 'pending'>,
  at: number,
  byTeam = story.random.chance(status === 'refunded' ? 0.3 : 0.15),
) {
  const { db } = story
  await story.act(
    at,
    (request) =>
      byTeam
        ? setAdminOrderStatus(db, story.admin(request), orderId, status)
        : setVendorOrderStatus(db, vendorScope(shop, request), orderId, status),
    (_result, when) => story.stamps.set('orders', 'updated_at', orderId, when),
  )
}
