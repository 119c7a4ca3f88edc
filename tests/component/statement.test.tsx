import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PayoutOverview } from '../../src/shared/schemas/payout'
import type { Statement, StatementLine } from '../../src/shared/schemas/statement'
import { StatementSection } from '../../src/web/components/statement-section'
import { PayoutSummary } from '../../src/web/vendor-area/payouts/payout-summary'
import { renderInApp } from './render'

afterEach(() => {
  vi.unstubAllGlobals()
})

const overview = (values: Partial<PayoutOverview>): PayoutOverview => ({
  items: [],
  total: 0,
  totalIsCapped: false,
  page: 1,
  pageSize: 20,
  nextCursor: null,
  previousCursor: null,
  availableBalance: 0,
  ledgerBalance: 0,
  held: 0,
  nextAvailableAt: null,
  owed: 0,
  pendingTotal: 0,
  payoutMethod: 'mobile_money',
  payoutDetails: { provider: 'mtn', mobileNumber: '•••• 3456' },
  ...values,
})

describe('the balance card', () => {
  // Money within the marketplace's hold is the vendor's but not yet payable: the card says until when.
  it('says how much is held and the day it becomes available', () => {
    renderInApp(
      <PayoutSummary
        overview={overview({
          availableBalance: 8_820,
          ledgerBalance: 13_230,
          held: 4_410,
          nextAvailableAt: '2026-03-12T09:00:00.000Z',
        })}
      />,
    )
    expect(screen.getByText(/RWF 4,410 more is held: available on March 12, 2026\./)).toBeTruthy()
    expect(screen.queryByText(/You owe/)).toBeNull()
  })

  it('says what the shop owes when its balance is below 0', () => {
    renderInApp(
      <PayoutSummary overview={overview({ availableBalance: -8_820, ledgerBalance: -8_820, owed: 8_820 })} />,
    )
    expect(screen.getByText(/You owe RWF 8,820; it is taken from your next sales\./)).toBeTruthy()
  })
})

const line = (seq: number, values: Partial<StatementLine> = {}): StatementLine => ({
  seq,
  date: '2026-03-10T08:00:00.000Z',
  kind: 'sale',
  amount: 1_000,
  balanceAfter: seq * 1_000,
  availableAt: '2026-03-10T08:00:00.000Z',
  order: { id: `0000000${seq % 10}-0000-4000-8000-000000000000`, productName: `Basket ${seq}` },
  payout: null,
  adjustment: null,
  ...values,
})

const page = (lines: StatementLine[], nextCursor: string | null, totals: Statement['totals']): Statement => ({
  vendorId: 'v',
  shopName: 'Inzozi Crafts',
  month: '2026-03',
  startsAt: '2026-02-28T22:00:00.000Z',
  endsAt: '2026-03-31T22:00:00.000Z',
  openingBalance: 0,
  closingBalance: 3_000,
  lineCount: 3,
  totals,
  lines,
  nextCursor,
})

describe('the statement', () => {
  it('shows the month, loads more lines from the cursor, and links the month’s CSV and PDF', async () => {
    const totals = {
      opening: 0,
      sale: 3_000,
      commission: 0,
      commission_vat: 0,
      refund: 0,
      commission_refund: 0,
      commission_vat_refund: 0,
      payout: 0,
      payout_returned: 0,
      adjustment: 0,
      fee: 0,
    }
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost')
      const body = url.searchParams.get('cursor')
        ? page([line(1)], null, null)
        : page(
            [
              line(3),
              line(2, {
                kind: 'payout',
                amount: -500,
                order: null,
                payout: { id: 'abcdef12-0000-4000-8000-000000000000', status: 'approved' },
              }),
            ],
            '2',
            totals,
          )
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    })
    vi.stubGlobal('fetch', fetch)
    renderInApp(
      <MemoryRouter initialEntries={['/vendor/payouts?month=2026-03']}>
        <StatementSection />
      </MemoryRouter>,
    )
    const section = await screen.findByRole('region', { name: 'Statement' })
    await within(section).findByText('Order #00000003: Basket 3')
    expect(within(section).getByText('#abcdef12 (Approved)')).toBeTruthy()
    expect(within(section).getByText('2 of 3 lines shown')).toBeTruthy()
    expect(String(fetch.mock.calls[0]![0])).toContain('/api/vendor/statement?month=2026-03')
    expect(
      within(section)
        .getByRole('link', { name: /Download CSV/ })
        .getAttribute('href'),
    ).toBe('/api/vendor/statement.csv?month=2026-03')
    expect(
      within(section)
        .getByRole('link', { name: /Download PDF/ })
        .getAttribute('href'),
    ).toBe('/api/vendor/statement.pdf?month=2026-03&lang=en')

    await userEvent.click(within(section).getByRole('button', { name: 'Load more' }))
    await within(section).findByText('Order #00000001: Basket 1')
    expect(String(fetch.mock.calls[1]![0])).toContain('cursor=2')
    expect(within(section).getByText('3 of 3 lines shown')).toBeTruthy()
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Load more' })).toBeNull())
    // The month's totals stay those of the first page.
    expect(within(section).getByText('RWF 3,000', { selector: 'dd *' })).toBeTruthy()
  })
})
