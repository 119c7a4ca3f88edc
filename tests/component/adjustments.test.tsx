import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AdjustmentDto } from '../../src/shared/schemas/adjustment'
import { AdjustmentsSection } from '../../src/web/admin-area/adjustments/adjustments-section'
import { PendingAdjustments } from '../../src/web/admin-area/adjustments/pending-adjustments'
import en from '../../src/web/i18n/en.json'
import { renderInApp } from './render'

const texts = en.adjustments
const shop = 'Kivu Quick Phones'
const vendorId = '7d9f1c2e-3b4a-4c5d-8e6f-0a1b2c3d4e5f'
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((out, [key, value]) => out.replace(`{{${key}}}`, value), text)

const adjustment = (overrides: Partial<AdjustmentDto> = {}): AdjustmentDto => ({
  id: '0f1e2d3c-4b5a-4968-8776-655443322110',
  vendorId,
  shopName: shop,
  amount: 150_000,
  reason: 'Courier lost the parcel',
  status: 'pending',
  requestedBy: { id: 'a-1', fullName: 'Aline Mukamana', email: 'aline@example.rw' },
  requestedAt: '2026-03-02T08:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  isOwnRequest: false,
  ...overrides,
})

/** The server as fetch sees it: the list answers `items`; a change answers the adjustment. */
function server(items: AdjustmentDto[]) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    const body =
      method === 'GET'
        ? {
            items,
            total: items.length,
            totalIsCapped: false,
            page: 1,
            pageSize: 10,
            nextCursor: null,
            previousCursor: null,
            approvalAbove: 100_000,
          }
        : adjustment({ status: String(input).endsWith('/reject') ? 'rejected' : 'posted' })
    return new Response(JSON.stringify(body), {
      status: method === 'GET' ? 200 : String(input).includes('/vendors/') ? 201 : 200,
      headers: { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetch)
  const changes = () =>
    fetch.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') !== 'GET')
      .map(([input, init]) => ({
        url: String(input),
        body: init?.body ? JSON.parse(String(init.body)) : null,
      }))
  return { fetch, changes }
}

// Mantine's growing textarea listens for web fonts loading, which the simulated document does not have.
beforeAll(() => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const button = (name: string | RegExp) => screen.getByRole('button', { name })

describe("a shop's balance adjustments (vendor details)", () => {
  // Money moves by the confirmed amount only: the dialog states it and whether a second admin must agree.
  it('states the amount and that a second admin must approve above the threshold, then sends a debit as negative', async () => {
    const { changes } = server([])
    renderInApp(<AdjustmentsSection vendorId={vendorId} shopName={shop} />)
    await screen.findByText(fill(texts.form.intro, { threshold: 'RWF 100,000' }))
    expect(screen.getByText(texts.history.none)).toBeTruthy()

    await userEvent.click(screen.getByRole('radio', { name: texts.form.debit }))
    await userEvent.type(
      screen.getByRole('textbox', { name: new RegExp(`^${texts.form.amount.replace(/[()]/g, '\\$&')}`) }),
      '150000',
    )
    await userEvent.type(
      screen.getByRole('textbox', { name: new RegExp(`^${texts.form.reason}`) }),
      '  Chargeback  ',
    )
    await userEvent.click(button(texts.form.review))

    const dialog = await screen.findByRole('dialog', { name: texts.form.confirmTitle })
    within(dialog).getByText(fill(texts.form.confirmDebit, { amount: 'RWF 150,000', shop }))
    within(dialog).getByText(fill(texts.form.needsApproval, { threshold: 'RWF 100,000' }))
    expect(changes()).toEqual([])

    await userEvent.click(within(dialog).getByRole('button', { name: texts.form.confirm }))
    await waitFor(() =>
      expect(changes()).toEqual([
        {
          url: expect.stringContaining(`/api/admin/vendors/${vendorId}/adjustments`),
          body: { amount: -150_000, reason: 'Chargeback' },
        },
      ]),
    )
  })

  it('says a credit within the threshold posts at once', async () => {
    server([])
    renderInApp(<AdjustmentsSection vendorId={vendorId} shopName={shop} />)
    await screen.findByText(fill(texts.form.intro, { threshold: 'RWF 100,000' }))
    await userEvent.type(screen.getByRole('textbox', { name: /^Amount/ }), '5000')
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(`^${texts.form.reason}`) }), 'Promo')
    await userEvent.click(button(texts.form.review))
    const dialog = await screen.findByRole('dialog', { name: texts.form.confirmTitle })
    within(dialog).getByText(fill(texts.form.confirmCredit, { amount: 'RWF 5,000', shop }))
    within(dialog).getByText(fill(texts.form.postsNow, { threshold: 'RWF 100,000' }))
  })

  it('asks for an amount and a reason before anything is confirmed', async () => {
    const { changes } = server([])
    renderInApp(<AdjustmentsSection vendorId={vendorId} shopName={shop} />)
    await screen.findByText(texts.history.none)
    await userEvent.click(button(texts.form.review))
    expect(screen.getByText(texts.amountInvalid)).toBeTruthy()
    expect(screen.getByText(texts.reasonRequired)).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(changes()).toEqual([])
  })
})

describe('adjustments awaiting a second admin (payouts screen)', () => {
  // Two people: the admin who asked is not offered the decision (the server refuses it too).
  it("offers Approve and Reject on others' requests only, and approves after a confirmation", async () => {
    const mine = adjustment({
      id: '11111111-2222-4333-8444-555555555555',
      isOwnRequest: true,
      amount: -120_000,
    })
    const theirs = adjustment()
    const { changes } = server([theirs, mine])
    renderInApp(<PendingAdjustments />)

    await screen.findByText(texts.pending.ownRequest)
    const approveButtons = screen.getAllByRole('button', { name: /^Approve the adjustment/ })
    expect(approveButtons).toHaveLength(1)
    expect(approveButtons[0]!.getAttribute('aria-label')).toBe(
      fill(texts.pending.approveLabel, { amount: 'RWF 150,000', shop }),
    )

    await userEvent.click(approveButtons[0]!)
    const dialog = await screen.findByRole('dialog', { name: texts.pending.approveTitle })
    within(dialog).getByText(fill(texts.pending.approveCredit, { amount: 'RWF 150,000', shop }))
    expect(changes()).toEqual([])
    await userEvent.click(within(dialog).getByRole('button', { name: texts.pending.approve }))
    await waitFor(() =>
      expect(changes()).toEqual([
        { url: expect.stringContaining(`/api/admin/adjustments/${theirs.id}/approve`), body: null },
      ]),
    )
  })

  it('says when nothing is waiting', async () => {
    server([])
    renderInApp(<PendingAdjustments />)
    expect(await screen.findByText(texts.pending.none)).toBeTruthy()
  })
})
