import { z } from 'zod'
import { orderStatuses, vendorStatuses } from '../constants'
import { figures } from './pagination'

// ── /admin/reports (admin §2 "/admin/reports", §9): the marketplace over a range of Kigali calendar days ──

/** The ranges the screen offers, in calendar days ending today (specification §9: 7, 30, 90, 365; default 7). */
export const reportRanges = [7, 30, 90, 365] as const
export type ReportRange = (typeof reportRanges)[number]
export const defaultReportRange: ReportRange = 7

/** `?days=` of the report and of its CSV export. */
export const reportQuery = z.object({
  days: z.coerce
    .number({ error: 'admin.reports.invalidRange' })
    .refine(
      (days): days is ReportRange => (reportRanges as readonly number[]).includes(days),
      'admin.reports.invalidRange',
    )
    .default(defaultReportRange),
})
export type ReportQuery = z.output<typeof reportQuery>

/**
 * A card's figure beside the previous period of the same length. For a running total (vendors, products,
 * orders, revenue, pending payouts) `previous` is the figure as it stood when the range began; for what
 * happens within a range (new vendors) it is the count of the previous range. `change` is the difference in
 * percent of `previous` (1 decimal), null when `previous` is 0 (nothing to compare with).
 */
export const comparedFigure = figures('value', 'previous').extend({ change: z.number().nullable() })
export type ComparedFigure = z.infer<typeof comparedFigure>

/** One Kigali calendar day of the range: its orders and their total (every status, as the revenue counts). */
export const reportDayDto = z.object({ day: z.string(), orders: z.number(), revenue: z.number() })
export type ReportDay = z.infer<typeof reportDayDto>

export const topVendorDto = z.object({
  vendorId: z.string(),
  shopName: z.string(),
  orders: z.number(),
  revenue: z.number(),
})
export type TopVendor = z.infer<typeof topVendorDto>

/** A product as its orders name it: the current name, or the name the orders kept once it was deleted. */
export const topProductDto = z.object({
  productId: z.string().nullable(),
  name: z.string(),
  shopName: z.string(),
  quantity: z.number(),
  revenue: z.number(),
})
export type TopProduct = z.infer<typeof topProductDto>

export const reportOrderDto = z.object({
  id: z.string(),
  customerName: z.string(),
  productName: z.string(),
  shopName: z.string(),
  totalAmount: z.number(),
  status: z.enum(orderStatuses),
  createdAt: z.string(),
})
export type ReportOrder = z.infer<typeof reportOrderDto>

export const reportVendorDto = z.object({
  id: z.string(),
  shopName: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  status: z.enum(vendorStatuses),
  createdAt: z.string(),
})
export type ReportVendor = z.infer<typeof reportVendorDto>

/**
 * The report of the last `days` Kigali calendar days (today included), every figure counted in the database.
 * Revenue is the total of every order, whatever its status (specification §9, unlike the dashboard's).
 */
export const adminReportDto = z.object({
  /** The range and the previous one of the same length, as Kigali calendar days (YYYY-MM-DD, both ends in). */
  period: z.object({
    days: z.number(),
    from: z.string(),
    to: z.string(),
    previousFrom: z.string(),
    previousTo: z.string(),
  }),
  cards: z.object({
    /** All vendors; `activePercent` the approved share (approved / max(total, 1), 1 decimal). */
    vendors: comparedFigure.extend({ approved: z.number(), activePercent: z.number() }),
    /** All products; `perVendor` = products / max(approved vendors, 1), 1 decimal. */
    products: comparedFigure.extend({ perVendor: z.number() }),
    /** All orders; `recent` the orders of the range. */
    orders: comparedFigure.extend({ recent: z.number() }),
    /** The total of all orders; `perOrder` = revenue / max(orders, 1), 2 decimals; `recent` the range's total. */
    revenue: comparedFigure.extend({ perOrder: z.number(), recent: z.number() }),
    /** Payout requests waiting for a decision, and their amount. */
    pendingPayouts: comparedFigure.extend({ amount: z.number() }),
    /** Vendors who registered within the range. */
    newVendors: comparedFigure,
  }),
  /** The growth overview (specification §2, §9). */
  growth: figures('approvalRate', 'productsPerVendor', 'averageOrderValue', 'recentOrders'),
  /** Every day of the range, oldest first; a day without orders is there with zeros. */
  daily: z.array(reportDayDto),
  /** The range's orders by their status now. */
  ordersByStatus: figures(...orderStatuses),
  /** Every vendor by status. */
  vendorsByStatus: figures(...vendorStatuses),
  /** The 5 shops and the 5 products with the most revenue within the range, most first. */
  topVendors: z.array(topVendorDto),
  topProducts: z.array(topProductDto),
  /** The 5 newest orders and the 5 newest vendors (specification §9), newest first. */
  recentOrders: z.array(reportOrderDto),
  newVendors: z.array(reportVendorDto),
})
export type AdminReport = z.infer<typeof adminReportDto>
