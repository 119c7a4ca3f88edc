import { z } from 'zod'
import { orderStatuses } from '../constants'
import { pageQuery } from './product'

export const orderListQuery = pageQuery.extend({
  status: z.enum(['all', ...orderStatuses]).default('all'),
})

/** The vendor side's transitions: pending → completed → refunded; refunded is final (specification §4). */
export const vendorOrderTransitions: Record<string, 'completed' | 'refunded' | undefined> = {
  pending: 'completed',
  completed: 'refunded',
}
export const orderStatusInput = z.object({ status: z.enum(['completed', 'refunded'], { error: 'orders.statusInvalid' }) })

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

export const orderListDto = z.object({ items: z.array(orderDto), total: z.number(), page: z.number(), pageSize: z.number() })
export type OrderList = z.infer<typeof orderListDto>
