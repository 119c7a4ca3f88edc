import { describe, expect, it } from 'vitest'
import { isCalendarDay } from '../../src/shared/schemas/product'
import { kigaliToday, validRange } from '../../src/web/admin-area/products/use-product-filters'

// The admin's created-date filter (admin §2): days on Kigali's calendar, the to date capped at today.
describe('product date filter', () => {
  it('accepts only days that exist', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true)
    expect(isCalendarDay('2026-02-29')).toBe(false)
    expect(isCalendarDay('2026-04-31')).toBe(false)
    expect(isCalendarDay('0000-01-01')).toBe(false)
    expect(isCalendarDay('2026-3-4')).toBe(false)
    expect(isCalendarDay('2026-03-04T00:00')).toBe(false)
  })

  it("reads today on Kigali's calendar, two hours ahead of UTC", () => {
    expect(kigaliToday(new Date('2026-03-03T21:59:00Z'))).toBe('2026-03-03')
    expect(kigaliToday(new Date('2026-03-03T22:00:00Z'))).toBe('2026-03-04')
  })

  it('caps the to date at today and drops a from date after it', () => {
    const today = '2026-03-04'
    expect(validRange({ from: '2026-03-01', to: '2026-03-02' }, today)).toEqual({
      from: '2026-03-01',
      to: '2026-03-02',
    })
    expect(validRange({ from: null, to: '2027-01-01' }, today)).toEqual({ from: null, to: today })
    expect(validRange({ from: '2026-03-03', to: '2026-03-02' }, today)).toEqual({
      from: null,
      to: '2026-03-02',
    })
    expect(validRange({ from: '2026-03-05', to: null }, today)).toEqual({ from: null, to: null })
    expect(validRange({ from: '2026-02-30', to: 'yesterday' }, today)).toEqual({ from: null, to: null })
  })
})
