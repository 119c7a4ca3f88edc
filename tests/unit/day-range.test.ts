import { describe, expect, it } from 'vitest'
import { readDayRange } from '../../src/web/components/day-range'

// A list's period comes back from the address on a reload or a shared link: a preset means the last days ending
// today (Kigali), and chosen days are kept only as the server would take them.
describe("a list's period in the address", () => {
  const today = '2026-03-04'

  it('reads a preset as the last days ending today, today included', () => {
    expect(readDayRange({ days: '7', from: '', to: '' }, today)).toEqual({
      choice: '7',
      from: '2026-02-26',
      to: '2026-03-04',
    })
    expect(readDayRange({ days: '365', from: '2020-01-01', to: '' }, today)).toMatchObject({
      from: '2025-03-05',
      to: today,
    })
  })

  it('keeps chosen days that exist, drops a start after the end, and reads anything else as every date', () => {
    const custom = (from: string, to: string) => readDayRange({ days: 'custom', from, to }, today)
    expect(custom('2026-03-01', '2026-03-31')).toEqual({
      choice: 'custom',
      from: '2026-03-01',
      to: '2026-03-31',
    })
    expect(custom('2026-02-30', 'yesterday')).toEqual({ choice: 'custom', from: null, to: null })
    expect(custom('2026-04-02', '2026-03-31')).toEqual({ choice: 'custom', from: null, to: '2026-03-31' })
    expect(readDayRange({ days: '14', from: '2026-03-01', to: '' }, today)).toEqual({
      choice: 'all',
      from: null,
      to: null,
    })
  })
})
