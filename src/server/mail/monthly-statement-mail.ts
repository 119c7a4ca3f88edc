import type { Language } from '../../shared/constants'
import { formatRwf } from '../../shared/money'
import {
  statementLineKinds,
  statementMonthName,
  type StatementLineKind,
} from '../../shared/schemas/statement'
import { textIn } from '../lib/texts'
import { escapeHtml, type Mail } from './mail.service'

/**
 * The mail that brings a shop its statement once a month is over (ledger/statement-mail.ts): the month in figures
 * and a link to the statement, where its PDF is downloaded. Written in the owner's language, the figures named as
 * the statement screen and its PDF name them (statement.* in the screens' bundles).
 */

/** The month in figures, as the statement gives them (statement.service.ts). */
export type MonthFigures = {
  openingBalance: number
  closingBalance: number
  lineCount: number
  /** The month's total of each kind of line; kinds at 0 are left out of the mail. */
  totals: Partial<Record<StatementLineKind, number>>
}

type Wording = {
  subject: (month: string) => string
  hello: (name: string) => string
  intro: (shopName: string, month: string) => string
  opening: string
  closing: string
  lineCount: (count: number) => string
  kinds: Record<StatementLineKind, string>
  owed: (amount: string) => string
  action: string
  signature: string
}

const wording: Record<Language, Wording> = {
  en: {
    subject: (month) => `Your Isoko statement for ${month}`,
    hello: (name) => `Hello ${name},`,
    intro: (shopName, month) => `Here is the statement of your shop ${shopName} for ${month}.`,
    opening: 'Opening balance',
    closing: 'Closing balance',
    lineCount: (count) =>
      count === 0
        ? 'No lines this month.'
        : count === 1
          ? '1 line this month.'
          : `${count} lines this month.`,
    kinds: {
      opening: 'Balance brought forward',
      sale: 'Sales',
      commission: 'Commission',
      commission_vat: 'VAT on commission',
      refund: 'Refunds',
      commission_refund: 'Commission refunded',
      commission_vat_refund: 'VAT on commission refunded',
      payout: 'Payouts',
      payout_returned: 'Payouts returned',
      adjustment: 'Adjustments',
      fee: 'Subscription fees',
    },
    owed: (amount) => `At the end of the month you owe ${amount}; it is taken from your next sales.`,
    action: 'See the statement and download its PDF',
    signature: 'The Isoko team',
  },
  rw: {
    subject: (month) => `Inyandiko ya konti yawe ya Isoko y'ukwezi kwa ${month}`,
    hello: (name) => `Muraho ${name},`,
    intro: (shopName, month) => `Dore inyandiko ya konti y'iduka ryawe ${shopName} y'ukwezi kwa ${month}.`,
    opening: 'Amafaranga yo gutangira ukwezi',
    closing: 'Amafaranga yo gusoza ukwezi',
    lineCount: (count) =>
      count === 0
        ? 'Nta murongo muri uku kwezi.'
        : count === 1
          ? 'Umurongo 1 muri uku kwezi.'
          : `Imirongo ${count} muri uku kwezi.`,
    kinds: {
      opening: 'Amafaranga yari asanzwe ahari',
      sale: 'Igurisha',
      commission: 'Komisiyo',
      commission_vat: 'TVA kuri komisiyo',
      refund: 'Gusubiza amafaranga',
      commission_refund: 'Komisiyo yasubijwe',
      commission_vat_refund: 'TVA kuri komisiyo yasubijwe',
      payout: 'Kwishyurwa',
      payout_returned: 'Kwishyurwa kwasubijwe kuri konti',
      adjustment: 'Ihinduka rya konti',
      fee: "Amafaranga y'ifatabuguzi",
    },
    owed: (amount) => `Ukwezi kurangiye urimo umwenda wa ${amount}; uzakurwa ku byo uzagurisha ubutaha.`,
    action: 'Reba inyandiko ya konti kandi ukuremo PDF yayo',
    signature: 'Itsinda rya Isoko',
  },
}

/** 'January 2026', 'Mutarama 2026': a month (YYYY-MM) as its reader names it, in the statement's words. */
export const monthName = (month: string, language: Language): string =>
  statementMonthName(month, textIn(language))

export function monthlyStatementMail(options: {
  to: string
  name: string
  language: Language | null
  shopName: string
  /** YYYY-MM */
  month: string
  figures: MonthFigures
  /** The statement of that month, where its PDF is downloaded. */
  link: string
}): Mail {
  const language = options.language ?? 'en'
  const words = wording[language]
  const { figures, link } = options
  const month = monthName(options.month, language)
  // The opening balance, what each kind of line moved (the kinds the month has), the closing balance: the figures
  // add up, as on the PDF.
  const rows: [string, number][] = [
    [words.opening, figures.openingBalance],
    ...statementLineKinds
      .filter((kind) => (figures.totals[kind] ?? 0) !== 0)
      .map((kind): [string, number] => [words.kinds[kind], figures.totals[kind]!]),
    [words.closing, figures.closingBalance],
  ]
  const before = [words.hello(options.name), words.intro(options.shopName, month)]
  const after = [
    words.lineCount(figures.lineCount),
    ...(figures.closingBalance < 0 ? [words.owed(formatRwf(-figures.closingBalance))] : []),
  ]
  const text = [
    ...before,
    rows.map(([label, amount]) => `${label}: ${formatRwf(amount)}`).join('\n'),
    ...after,
    `${words.action}: ${link}`,
    words.signature,
  ].join('\n\n')
  const paragraphs = (texts: string[]) => texts.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')
  const table =
    '<table cellpadding="4">' +
    rows
      .map(
        ([label, amount]) =>
          `<tr><td>${escapeHtml(label)}</td><td align="right">${escapeHtml(formatRwf(amount))}</td></tr>`,
      )
      .join('') +
    '</table>'
  const html =
    paragraphs(before) +
    table +
    paragraphs(after) +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(words.action)}</a></p>` +
    paragraphs([words.signature])
  return { to: options.to, subject: words.subject(month), text, html, link }
}
