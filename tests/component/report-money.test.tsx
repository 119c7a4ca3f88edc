import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { AdminReport } from '../../src/shared/schemas/report'
import { ReportMoneySection } from '../../src/web/admin-area/reports/report-money'
import { renderInApp } from './render'

// The chart is drawn by the charting library, which needs a real layout: here its module stands for it.
vi.mock('../../src/web/admin-area/reports/report-money-chart', () => ({
  default: () => <p>commission chart</p>,
}))

const day = (day: string, commission = 0) => ({ day, commission, vat: 0, fees: 0 })

/** A 7-day report as the server sends it; only its period and money are read by the section. */
const report = {
  period: {
    days: 7,
    from: '2026-03-09',
    to: '2026-03-15',
    previousFrom: '2026-03-02',
    previousTo: '2026-03-08',
  },
  money: {
    commission: { value: 2_900, previous: 3_200, change: -9.4 },
    vat: { value: 522, previous: 0, change: null },
    fees: { value: 7_500, previous: 3_000, change: 150 },
    adjustments: { value: -1_500, previous: 0 },
    owedByShops: 6_500,
    shopsOwing: 2,
    daily: [9, 10, 11, 12, 13, 14, 15].map((n) => day(`2026-03-${n}`, 100)),
    previousDaily: [2, 3, 4, 5, 6, 7, 8].map((n) => day(`2026-03-0${n}`)),
  },
} as unknown as AdminReport

/** A card's figure, named by its label (each card is a <dt> and its <dd>s). */
function card(label: string) {
  const term = screen.getByText(label).closest('dt')!
  return within(term.parentElement!)
}

// The admin reads what the marketplace earned in the range against the range before, and what shops owe now.
describe('the marketplace earnings on the reports screen', () => {
  it('shows commission, VAT and plan fees beside the previous range, and what shops owe now', async () => {
    renderInApp(<ReportMoneySection report={report} />)
    expect(screen.getByRole('heading', { level: 2, name: 'Marketplace earnings' })).toBeTruthy()

    const commission = card('Commission earned')
    expect(commission.getByText('RWF 2,900')).toBeTruthy()
    expect(commission.getByText('Down 9.4%')).toBeTruthy()
    expect(commission.getByText('vs RWF 3,200 in the 7 days before')).toBeTruthy()
    // Nothing before to compare with: new, not a percentage.
    const vat = card('VAT on commission due')
    expect(vat.getByText('RWF 522')).toBeTruthy()
    expect(vat.getByText('New')).toBeTruthy()
    expect(card('Plan fees').getByText('Up 150%')).toBeTruthy()
    const owed = card('Owed by shops')
    expect(owed.getByText('RWF 6,500')).toBeTruthy()
    expect(owed.getByText('2 shops owe the marketplace, as of now')).toBeTruthy()
    expect(
      screen.getByText(
        'Adjustments in the period: RWF -1,500, against RWF 0 in the 7 days before. Below 0, shops were credited more than they were debited.',
      ),
    ).toBeTruthy()
    expect(await screen.findByText('commission chart')).toBeTruthy()
  })

  it('keeps its place while the report loads', () => {
    renderInApp(<ReportMoneySection report={undefined} />)
    expect(screen.getByRole('heading', { level: 2, name: 'Marketplace earnings' })).toBeTruthy()
    expect(screen.queryByText('Commission earned')).toBeNull()
  })
})
