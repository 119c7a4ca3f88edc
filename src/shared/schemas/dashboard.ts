import { z } from 'zod'

/** A payout request waiting for an admin, as the dashboard and the header's bell list it. */
export const pendingPayoutItemDto = z.object({
  id: z.string(),
  vendorId: z.string(),
  shopName: z.string(),
  ownerName: z.string(),
  amount: z.number(),
  requestedAt: z.string(),
})
export type PendingPayoutItem = z.infer<typeof pendingPayoutItemDto>

/**
 * The admin dashboard (specification §2 "/admin dashboard", §9 "Dashboard stats"): every figure is counted
 * in the database; `pendingPayouts` is the latest pending requests, newest first, at most
 * `limits.adminPendingPayoutsLimit`.
 */
export const adminDashboardDto = z.object({
  stats: z.object({
    /** `approved` is the active count the cards show. */
    vendors: z.object({ total: z.number(), approved: z.number(), pending: z.number() }),
    products: z.object({ total: z.number(), approved: z.number() }),
    orders: z.object({ total: z.number(), completed: z.number() }),
    /** The total of completed orders only (refunded and pending orders do not count). */
    revenue: z.number(),
    payouts: z.object({ pending: z.number(), pendingAmount: z.number() }),
  }),
  pendingPayouts: z.array(pendingPayoutItemDto),
})
export type AdminDashboard = z.infer<typeof adminDashboardDto>

/**
 * The figures beside the menu's entries: unread messages (a vendor's own; an admin's: the team's), and for admins
 * the shops and payouts waiting for a decision.
 */
export const menuCountsDto = z.object({
  messages: z.number(),
  vendors: z.number().optional(),
  payouts: z.number().optional(),
})
export type MenuCounts = z.infer<typeof menuCountsDto>
