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
    .default(defaultReportRange)
    .meta({ type: 'integer', enum: [...reportRanges] }),
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

/** Fields that are each a text, named in the order given (ids, names, YYYY-MM-DD days, ISO times). */
const texts = <const K extends string>(...names: K[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.string()])) as Record<K, z.ZodString>)

/** One Kigali calendar day of the range: its orders and their total (every status, as the revenue counts). */
export const reportDayDto = texts('day').extend(figures('orders', 'revenue').shape)
export type ReportDay = z.infer<typeof reportDayDto>

export const topVendorDto = texts('vendorId', 'shopName').extend(figures('orders', 'revenue').shape)
export type TopVendor = z.infer<typeof topVendorDto>

/** A product as its orders name it: the current name, or the name the orders kept once it was deleted. */
export const topProductDto = texts('name', 'shopName')
  .extend(figures('quantity', 'revenue').shape)
  .extend({ productId: z.string().nullable() })
export type TopProduct = z.infer<typeof topProductDto>

export const reportOrderDto = texts('id', 'customerName', 'productName', 'shopName', 'createdAt').extend({
  totalAmount: z.number(),
  status: z.enum(orderStatuses),
})
export type ReportOrder = z.infer<typeof reportOrderDto>

export const reportVendorDto = texts('id', 'shopName', 'ownerName', 'ownerEmail', 'createdAt').extend({
  status: z.enum(vendorStatuses),
})
export type ReportVendor = z.infer<typeof reportVendorDto>

/** One Kigali calendar day of the marketplace's money: commission earned (net of refunds), VAT on it, plan fees. */
export const moneyDayDto = texts('day').extend(figures('commission', 'vat', 'fees').shape)
export type MoneyDay = z.infer<typeof moneyDayDto>

/**
 * The marketplace's own money over the range, from its ledger accounts, beside the previous range of the same
 * length: commission earned net of refunds (commission_income), the VAT on it due to the tax authority
 * (vat_on_commission_payable), subscription plan fees (subscription_income) and adjustments (the adjustments
 * account: negative when the marketplace credited shops more than it debited them, so no change in percent).
 * What shops owe is as it stands now: the negative balances of shops, as a positive amount, and how many owe.
 */
export const reportMoneyDto = z.object({
  commission: comparedFigure,
  vat: comparedFigure,
  fees: comparedFigure,
  adjustments: figures('value', 'previous'),
  owedByShops: z.number(),
  shopsOwing: z.number(),
  /** Every day of the range, oldest first, and beside it every day of the previous range: day n with day n. */
  daily: z.array(moneyDayDto),
  previousDaily: z.array(moneyDayDto),
})
export type ReportMoney = z.infer<typeof reportMoneyDto>

/**
 * The report of the last `days` Kigali calendar days (today included), every figure counted in the database.
 * Revenue is the total of every order, whatever its status (specification §9, unlike the dashboard's).
 */
export const adminReportDto = z.object({
  /** The range and the previous one of the same length, as Kigali calendar days (YYYY-MM-DD, both ends in). */
  period: texts('from', 'to', 'previousFrom', 'previousTo').extend({ days: z.number() }),
  cards: z.object({
    /** All vendors; `activePercent` the approved share (approved / max(total, 1), 1 decimal). */
    vendors: comparedFigure.extend({ approved: z.number(), activePercent: z.number() }),
    /** All products; `perVendor` = products / max(approved vendors, 1), 1 decimal. */
    products: comparedFigure.extend({ perVendor: z.number() }),
    /** All orders; `recent` the orders of the range. */
    orders: comparedFigure.extend({ recent: z.number() }),
    /** The total of all orders; `perOrder` = revenue / max(orders, 1), 2 decimals; `recent` the range's total. */
    revenue: comparedFigure.extend({ perOrder: z.number(), recent: z.number() }),
    /**
     * The range's revenue: the total of the orders placed within it that are completed (refunded and pending ones
     * left out), beside the same for the previous range.
     */
    periodRevenue: comparedFigure,
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
  /** The marketplace's earnings, the tax on them, its fees and adjustments, and what shops owe it. */
  money: reportMoneyDto,
  /** The 5 shops and the 5 products with the most revenue within the range, most first. */
  topVendors: z.array(topVendorDto),
  topProducts: z.array(topProductDto),
  /** The 5 newest orders and the 5 newest vendors (specification §9), newest first. */
  recentOrders: z.array(reportOrderDto),
  newVendors: z.array(reportVendorDto),
})
export type AdminReport = z.infer<typeof adminReportDto>
