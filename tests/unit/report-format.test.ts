import { describe, expect, it } from 'vitest'
import { formatCompact } from '../../src/web/admin-area/reports/report-format'
import { textsIn } from '../fixtures/texts'

// A chart's axis is read like the rest of the screen: "12K" is English, not Kinyarwanda.
describe("a chart axis's large numbers", () => {
  const axis = async (language: 'en' | 'rw', values: number[]) => {
    const t = await textsIn(language)
    return values.map((value) => formatCompact(value, (key, options) => t(key, options)))
  }

  it('are written with K, M and B in English', async () => {
    expect(await axis('en', [0, 950, 1_000, 12_000, 12_500, 1_500_000, 999_960, 2_000_000_000])).toEqual([
      '0',
      '950',
      '1K',
      '12K',
      '12.5K',
      '1.5M',
      '1M',
      '2B',
    ])
  })

  it('are written in words before the number in Kinyarwanda, one thousand in the singular', async () => {
    expect(await axis('rw', [950, 1_000, 12_000, 12_500, 1_500_000, 1_000_000, 2_000_000_000])).toEqual([
      '950',
      'igihumbi 1',
      'ibihumbi 12',
      'ibihumbi 12.5',
      'miliyoni 1.5',
      'miliyoni 1',
      'miliyari 2',
    ])
  })
})
