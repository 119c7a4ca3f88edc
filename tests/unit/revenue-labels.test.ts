import { describe, expect, it } from 'vitest'
import en from '../../src/web/i18n/en.json'
import rw from '../../src/web/i18n/rw.json'

/**
 * "Revenue" counts different orders on different screens, as the specification has it: the dashboard completed
 * orders, the orders screen what is neither refunded nor filtered out, the report every order of every status
 * and, beside it, the period's completed orders. Each label says which, in both languages, so three figures
 * under one word never meet the admin.
 */
const labels = (bundle: typeof en) => ({
  dashboard: bundle.admin.dashboard.stats.revenue,
  orders: bundle.admin.orders.summary.revenue,
  reportTotal: bundle.admin.reports.cards.revenue,
  reportPeriod: bundle.admin.reports.cards.periodRevenue,
  csvTotal: bundle.admin.reports.csv.revenue,
  csvPeriod: bundle.admin.reports.csv.periodRevenue,
})

describe('the revenue figures', () => {
  it('say in English which orders each one counts', () => {
    expect(labels(en)).toEqual({
      dashboard: 'Revenue, completed orders',
      orders: 'Total Revenue, pending and completed',
      reportTotal: 'Total Revenue, all time, every status',
      reportPeriod: 'Revenue in the period, completed orders',
      csvTotal: 'Total revenue, all time, every status (RWF)',
      csvPeriod: 'Revenue in the period, completed orders (RWF)',
    })
  })

  it('say it in Kinyarwanda too, with the glossary’s words (amafaranga yinjiye, ibyatumijwe)', () => {
    const words = labels(rw)
    for (const label of Object.values(words)) {
      expect(label).toMatch(/amafaranga (yose )?yinjiye/i)
      expect(label).toContain('ibyatumijwe')
    }
    // Completed (byarangiye), pending and completed (bitegereje n'ibyarangiye), every status (byose uko bihagaze).
    expect(words.dashboard).toContain('byarangiye')
    expect(words.orders).toContain("bitegereje n'ibyarangiye")
    expect(words.reportTotal).toContain('byose uko bihagaze')
    expect(words.reportPeriod).toContain('muri iki gihe')
    expect(words.reportPeriod).toContain('byarangiye')
    // Four figures, four different labels.
    expect(new Set([words.dashboard, words.orders, words.reportTotal, words.reportPeriod]).size).toBe(4)
  })
})
