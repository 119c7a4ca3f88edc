/**
 * Numbers as the report writes them: digits and separators the same in both languages, the words of a large
 * number on a chart's axis in the reader's.
 */

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const tenths = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const hundredths = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const upToTenths = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

/** A count: 1,234. */
export const formatCount = (value: number) => whole.format(value)

/** A rate or an average of things, to 1 decimal (specification §9: the approval rate): 42.9. */
export const formatTenths = (value: number) => tenths.format(value)

/**
 * An average amount in francs, to 2 decimals (specification §9: the average order value): RWF 9,785.86.
 * Amounts that change hands stay whole (formatRwf); an average of them is not one.
 */
export const formatAverageRwf = (value: number) => `RWF ${hundredths.format(value)}`

/** The steps of a large number on an axis, largest first, each with the words that name it. */
const compactSteps = [
  { size: 1e9, key: 'admin.reports.charts.billions' },
  { size: 1e6, key: 'admin.reports.charts.millions' },
  { size: 1e3, key: 'admin.reports.charts.thousands' },
] as const

type Translate = (
  key: (typeof compactSteps)[number]['key'],
  options: { count: number; value: string },
) => string

/**
 * An axis label in the reader's language: 12K and 1.5M in English, ibihumbi 12 and miliyoni 1.5 in Kinyarwanda
 * (the bundles hold the words). Intl's compact notation knows no Kinyarwanda and falls back to English letters.
 * The decimal mark is the point every other figure on the screen uses (RWF 1,500).
 */
export function formatCompact(value: number, t: Translate): string {
  // 999,960 is 1,000.0 thousands once rounded: it is written as the next step up (1M), as Intl writes it.
  const step = compactSteps.find(({ size }) => Math.abs(value) >= size * 0.99995)
  if (!step) return whole.format(value)
  const count = Math.round((value / step.size) * 10) / 10
  return t(step.key, { count, value: upToTenths.format(count) })
}

/** A report day (YYYY-MM-DD) on a chart's axis: day/month, 05/03. */
export const formatAxisDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`

/** A change in percent, without its sign (the arrow says which way): 40, 66.7. */
export const formatChange = (value: number) => tenths.format(Math.abs(value)).replace(/\.0$/, '')
