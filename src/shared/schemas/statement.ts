import { z } from 'zod'
import { languages } from '../language'
import { payoutStatuses } from '../constants'
import { figures } from './pagination'
import { ledgerLineKinds, orderLineKinds, type LedgerLineKind } from '../ledger'

/**
 * A shop's statement (docs/decisions/021): its own lines of the ledger (account vendor_payable), one calendar
 * month of the marketplace's time zone at a time, with the balance before and after the month.
 */

/**
 * What a shop's line is, as its statement names it: every kind of line but the marketplace's payment of a payout,
 * which moves the marketplace's accounts only (a shop's lines never carry it).
 */
export const statementLineKinds = ledgerLineKinds.filter(
  (kind): kind is Exclude<LedgerLineKind, 'payout_paid'> => kind !== 'payout_paid',
) as unknown as readonly [Exclude<LedgerLineKind, 'payout_paid'>, ...Exclude<LedgerLineKind, 'payout_paid'>[]]
export type StatementLineKind = (typeof statementLineKinds)[number]

/** Lines a page of the statement holds. */
export const statementPageSize = 50

/** 'YYYY-MM' from the year 2000 to 2999: a month of the marketplace's calendar. */
export const monthPattern = /^2\d{3}-(0[1-9]|1[0-2])$/

/** The month after `month` ('2025-12' → '2026-01'), or before it with `step` -1. */
export function shiftMonth(month: string, step: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  const index = year * 12 + (number - 1) + step
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

const month = z
  .string()
  .regex(monthPattern, { error: 'errors.statementMonthInvalid' })
  .optional()
  .meta({
    description:
      "The calendar month (YYYY-MM) of the marketplace's time zone (Africa/Kigali by default), from its first " +
      'midnight to the next month’s; this month when left out. Anything else is 422 errors.statementMonthInvalid.',
    examples: ['2026-03'],
  })

/** `?month=` of the CSV download. */
export const statementMonthQuery = z.object({ month })

/** `?month=&cursor=` of a page of the statement. */
export const statementQuery = z.object({
  month,
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { error: 'errors.invalidValue' })
    .optional()
    .meta({ description: 'The page after this one: a page’s `nextCursor`', examples: ['1201'] }),
})
export type StatementQuery = z.output<typeof statementQuery>

/** `?month=&lang=` of the PDF: its words in English or Kinyarwanda (else the reader's language). */
export const statementPdfQuery = z.object({
  month,
  lang: z
    .enum(languages, { error: 'errors.invalidValue' })
    .optional()
    .meta({ description: 'en or rw; else the language of the screens, else the user’s last one' }),
})
export type StatementPdfQuery = z.output<typeof statementPdfQuery>

/** One line: what moved the shop's balance, by how much (positive: credited to the shop), and the balance after. */
export const statementLineDto = z.object({
  /** The line's number among the shop's lines (1, 2, 3…, in the order the balance moved). */
  seq: z.number(),
  date: z.string(),
  kind: z.enum(statementLineKinds),
  amount: z.number(),
  balanceAfter: z.number(),
  /** When a sale's money may be paid out (later than `date` while the marketplace holds new sales). */
  availableAt: z.string(),
  /** The order the line comes from; its product while the order is still there (null once deleted). */
  order: z.object({ id: z.string(), productName: z.string().nullable() }).nullable(),
  /** The payout it comes from and its status now (null once deleted). */
  payout: z.object({ id: z.string(), status: z.enum(payoutStatuses).nullable() }).nullable(),
  /** The manual adjustment it comes from, with its reason. */
  adjustment: z.object({ id: z.string(), reason: z.string().nullable() }).nullable(),
})
export type StatementLine = z.infer<typeof statementLineDto>

/** The month's total of each kind of line (0 when there is none). */
export const statementTotals = figures(...statementLineKinds)
export type StatementTotals = z.infer<typeof statementTotals>

export const statementDto = z.object({
  vendorId: z.string(),
  shopName: z.string(),
  month: z.string(),
  /** The month's bounds as instants: [startsAt, endsAt). */
  startsAt: z.string(),
  endsAt: z.string(),
  /** The balance after the last line before the month (0 when there is none). */
  openingBalance: z.number(),
  /** The balance after the month's last line (the opening balance when it has none). */
  closingBalance: z.number(),
  /** How many lines the month holds. */
  lineCount: z.number(),
  /** The month's totals by kind; they add up to closing − opening. On the first page only (null with a cursor). */
  totals: statementTotals.nullable(),
  /** Up to 50 lines of the month, newest first. */
  lines: z.array(statementLineDto),
  /** The next (older) page, or null after the last. */
  nextCursor: z.string().nullable(),
})
export type Statement = z.infer<typeof statementDto>

/** The first characters of an id, as the screens show an order's or a payout's number. */
const shortId = (id: string) => id.slice(0, 8)

/** The kinds of line that come from an order: a sale and what it paid, and their refunds. */
const orderKinds: ReadonlySet<StatementLineKind> = new Set(orderLineKinds)

/** "March 2026", "Werurwe 2026": a month (YYYY-MM) in the reader's words (`text` as below). The screen, the PDF and
 * the monthly mail name it so, from the bundles' statement.months. */
export function statementMonthName(month: string, text: (key: string) => string): string {
  const [year, number] = month.split('-') as [string, string]
  return `${text(`statement.months.${Number(number)}`)} ${year}`
}

/**
 * What a line refers to, in words (`text` looks a key of the bundles up in the reader's language): the order and
 * its product, the payout and its status, the adjustment's reason; empty when the kind says it all. The screens,
 * the CSV and the PDF write the same words.
 */
export function describeStatementLine(
  line: Pick<StatementLine, 'kind' | 'order' | 'payout' | 'adjustment'>,
  text: (key: string, params?: Record<string, string>) => string,
): string {
  if (line.order && orderKinds.has(line.kind)) {
    const id = shortId(line.order.id)
    return line.order.productName
      ? text('statement.refs.orderProduct', { id, product: line.order.productName })
      : text('statement.refs.order', { id })
  }
  if (line.payout) {
    const id = shortId(line.payout.id)
    return line.payout.status
      ? text('statement.refs.payout', { id, status: text(`status.${line.payout.status}`) })
      : text('statement.refs.payoutGone', { id })
  }
  if (line.adjustment?.reason) return line.adjustment.reason
  if (line.kind === 'opening') return text('statement.refs.opening')
  return ''
}
