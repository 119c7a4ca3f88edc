/** RWF has no minor unit: whole francs, thousands separators, no decimals. */
const rwf = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, minimumFractionDigits: 0 })

export function formatRwf(amount: number | bigint | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount
  return `RWF ${rwf.format(value)}`
}
