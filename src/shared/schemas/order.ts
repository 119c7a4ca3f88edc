import { z } from 'zod'
import { requiredText as text } from './text'
import { limits, orderStatuses } from '../constants'
import { pageQuery, paged } from './pagination'

export const orderListQuery = pageQuery(24).extend({
  status: z.enum(['all', ...orderStatuses]).default('all'),
})

/** The vendor side's transitions: pending → completed → refunded; refunded is final (specification §4). */
export const vendorOrderTransitions: Record<string, 'completed' | 'refunded' | undefined> = {
  pending: 'completed',
  completed: 'refunded',
}
export const orderStatusInput = z.object({
  status: z.enum(['completed', 'refunded'], { error: 'orders.statusInvalid' }),
})

export const orderDto = z.object({
  id: z.string(),
  status: z.enum(orderStatuses),
  productName: z.string(),
  sku: z.string(),
  attributes: z.object({ color: z.string().optional(), size: z.string().optional() }),
  unitPrice: z.number(),
  quantity: z.number(),
  totalAmount: z.number(),
  customerName: z.string(),
  customerEmail: z.string(),
  createdAt: z.string(),
})
export type OrderDto = z.infer<typeof orderDto>

export const orderListDto = paged(orderDto)
export type OrderList = z.infer<typeof orderListDto>

/** Admin order form (specification, admin §5 "Create order"): every field required, quantity at least 1. */
const requiredText = (max: number) => text(max, 'orders.requiredFields')

export const adminOrderInput = z.object({
  vendorId: requiredText(64),
  productId: requiredText(64),
  variantId: requiredText(64),
  customerName: requiredText(limits.nameMax),
  customerEmail: requiredText(limits.emailMax).pipe(z.email({ error: 'errors.emailInvalid' })),
  /** The screen falls back to 1 when the field is not a number; the server takes a whole number from 1. */
  quantity: z
    .number({ error: 'orders.quantityInvalid' })
    .int('orders.quantityInvalid')
    .min(1, 'orders.quantityInvalid')
    .max(100_000, 'orders.quantityInvalid')
    .default(1),
})
export type AdminOrderInput = z.input<typeof adminOrderInput>
