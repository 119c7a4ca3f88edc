/** Numbers as the report writes them, the same in both languages (digits and separators are not translated). */

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const tenths = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const hundredths = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })

/** A count: 1,234. */
export const formatCount = (value: number) => whole.format(value)

/** A rate or an average of things, to 1 decimal (specification §9: the approval rate): 42.9. */
export const formatTenths = (value: number) => tenths.format(value)

/**
 * An average amount in francs, to 2 decimals (specification §9: the average order value): RWF 9,785.86.
 * Amounts that change hands stay whole (formatRwf); an average of them is not one.
 */
export const formatAverageRwf = (value: number) => `RWF ${hundredths.format(value)}`

/** An axis label: 12K, 1.5M. */
export const formatCompact = (value: number) => compact.format(value)

/** A report day (YYYY-MM-DD) on a chart's axis: day/month, 05/03. */
export const formatAxisDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`

/** A change in percent, without its sign (the arrow says which way): 40, 66.7. */
export const formatChange = (value: number) => tenths.format(Math.abs(value)).replace(/\.0$/, '')
