import { describe, expect, it } from 'vitest'
import { formatRwf } from '../../src/shared/money'

// Specification §9: currency RWF, thousands separators, no decimals (RWF has no minor unit).
describe('formatRwf', () => {
  it.each([
    [1234567, 'RWF 1,234,567'],
    [0, 'RWF 0'],
    [999, 'RWF 999'],
    [1000, 'RWF 1,000'],
    [5000, 'RWF 5,000'],
    [55000, 'RWF 55,000'],
  ])('formats %d as %s', (amount, expected) => {
    expect(formatRwf(amount)).toBe(expected)
  })

  // Database bigint columns may arrive as bigint or as text, depending on the driver.
  it('formats bigint and numeric-string amounts the same way', () => {
    expect(formatRwf(1234567n)).toBe('RWF 1,234,567')
    expect(formatRwf('1234567')).toBe('RWF 1,234,567')
    expect(formatRwf(9_007_199_254_740_993n)).toBe('RWF 9,007,199,254,740,993')
  })

  it('never shows decimals', () => {
    expect(formatRwf(2500.4)).toBe('RWF 2,500')
    expect(formatRwf(1999.6)).not.toMatch(/\./)
  })
})
