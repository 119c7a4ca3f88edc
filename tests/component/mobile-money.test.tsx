import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Me } from '../../src/shared/schemas/auth'
import type {
  PaymentsOverview,
  PayoutBatchDto,
  PlanPaymentDto,
  TransferDto,
} from '../../src/shared/schemas/payments'
import type { AdminPayoutDto, PayoutDto } from '../../src/shared/schemas/payout'
import type { VendorProfile } from '../../src/shared/schemas/vendor'
import { ApproveDialog } from '../../src/web/admin-area/payouts/approve-dialog'
import { MobileMoneyPanel } from '../../src/web/admin-area/payouts/mobile-money-panel'
import { PayoutTable } from '../../src/web/admin-area/payouts/payout-list'
import en from '../../src/web/i18n/en.json'
import { PayoutCards } from '../../src/web/vendor-area/payouts/payout-history'
import VendorSubscriptionPage from '../../src/web/vendor-area/subscription-page'
import { renderInApp } from './render'

const texts = en.mobileMoney
const adminId = 'a1d2e3f4-0000-4000-8000-000000000001'
const otherAdminId = 'a1d2e3f4-0000-4000-8000-000000000002'

/** A text with its {{placeholders}} filled in, formats and all ({{total, rwf}} takes the written amount). */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/{{\s*(\w+)[^}]*}}/g, (_, key: string) => String(values[key]))

type Answer = { status?: number; body: unknown }
type Route = (request: {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
}) => Answer | undefined
type Call = { method: string; path: string; body: unknown }

/**
 * The server as the screens' fetch sees it: each route answers the requests it knows (the first that answers
 * wins); every call is kept to read back. An unknown request is a test's mistake, answered 404.
 */
function stubServer(...routes: Route[]) {
  const calls: Call[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, path: url.pathname, body })
    const request = { method, path: url.pathname, query: url.searchParams, body }
    const answer = routes.reduce<Answer | undefined>(
      (found, route) => found ?? route(request),
      undefined,
    ) ?? {
      status: 404,
      body: { error: { code: 'NOT_FOUND', messageKey: 'errors.notFound' } },
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetch)
  return {
    changes: () => calls.filter((call) => call.method !== 'GET'),
    gets: (path: string) => calls.filter((call) => call.method === 'GET' && call.path === path),
  }
}

const me: Me = {
  user: { id: adminId, email: 'aline@isoko.rw', fullName: 'Aline Uwase', role: 'admin', emailVerified: true },
  vendor: null,
}
const session: Route = ({ path }) => (path === '/api/account/session' ? { body: me } : undefined)

const overview = (overrides: Partial<PaymentsOverview> = {}): PaymentsOverview => ({
  providers: [
    { provider: 'mtn', float: 5_000_000, checkedAt: '2026-03-03T08:00:00.000Z', isLow: false },
    { provider: 'airtel', float: 900_000, checkedAt: '2026-03-03T08:00:00.000Z', isLow: true },
  ],
  waiting: { count: 3, total: 45_000 },
  sending: 0,
  unknown: 0,
  approvalAbove: 1_000_000,
  lowFloatBelow: 2_000_000,
  batches: [],
  ...overrides,
})

const transfer = (overrides: Partial<TransferDto> = {}): TransferDto => ({
  id: '7c0a4b1e-2f3d-4a5b-8c6d-0e1f2a3b4c5d',
  direction: 'payout',
  provider: 'mtn',
  status: 'queued',
  vendorId: '0b2b8c1e-5d4a-4e7b-9c1d-2a6f8e0b7c41',
  shopName: 'Kivu Crafts',
  payoutId: '1e2d3c4b-5a69-4877-8695-a4b3c2d1e0f9',
  plan: null,
  amount: 15_000,
  msisdnTail: '3456',
  sendCount: 0,
  checks: 0,
  providerTransactionId: null,
  failureReason: null,
  batchId: null,
  createdAt: '2026-03-03T07:00:00.000Z',
  sentAt: null,
  finishedAt: null,
  ...overrides,
})

const batch = (overrides: Partial<PayoutBatchDto> = {}): PayoutBatchDto => ({
  id: '5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  status: 'sending',
  count: 3,
  total: 45_000,
  createdBy: adminId,
  approvedBy: null,
  createdAt: '2026-03-03T09:00:00.000Z',
  queued: 0,
  sending: 3,
  paid: 0,
  paidTotal: 0,
  failed: 0,
  unknown: 0,
  ...overrides,
})

/** The admin's payments endpoints: the overview, the transfers by status, and any others the test adds. */
const payments =
  (state: { overview: PaymentsOverview; queued?: TransferDto[]; unknown?: TransferDto[] }): Route =>
  ({ method, path, query }) => {
    if (method !== 'GET') return undefined
    if (path === '/api/admin/payments') return { body: state.overview }
    if (path === '/api/admin/transfers') {
      const status = query.get('status')
      return { body: { items: (status === 'unknown' ? state.unknown : state.queued) ?? [] } }
    }
    return undefined
  }

// Mantine's growing textarea listens for web fonts loading, which the simulated document does not have.
beforeAll(() => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const panel = async () => within(await screen.findByRole('region', { name: texts.panel.title }))

describe('Pay all approved', () => {
  // The batch is made of what the admin saw: the count and total shown are the ones sent, so payouts approved
  // meanwhile are refused by the server rather than sent unseen.
  it('confirms the count, total and providers shown, warns of a low float, and sends that count and total', async () => {
    const server = stubServer(
      session,
      payments({
        overview: overview({ waiting: { count: 3, total: 45_000 } }),
        queued: [
          transfer({ id: 't-1', provider: 'mtn', amount: 10_000 }),
          transfer({ id: 't-2', provider: 'mtn', amount: 20_000 }),
          transfer({ id: 't-3', provider: 'airtel', amount: 15_000 }),
          // Already in a batch, and a plan's fee: neither waits to be sent as a payout.
          transfer({ id: 't-4', provider: 'airtel', amount: 99_000, batchId: 'b-0' }),
          transfer({ id: 't-5', direction: 'collection', plan: 'growth', payoutId: null, amount: 25_000 }),
        ],
      }),
      ({ method, path }) =>
        method === 'POST' && path === '/api/admin/payout-batches'
          ? { status: 201, body: batch({ status: 'sending' }) }
          : undefined,
    )
    renderInApp(<MobileMoneyPanel />)
    const section = await panel()
    expect(section.getByText(fill(texts.panel.waiting_other, { count: 3, total: 'RWF 45,000' }))).toBeTruthy()
    // The low float's warning, with what is left and the level it is under.
    expect(section.getByText(fill(texts.floats.lowTitle, { provider: 'Airtel Money' }))).toBeTruthy()
    expect(
      section.getByText(fill(texts.floats.lowBody, { float: 'RWF 900,000', limit: 'RWF 2,000,000' })),
    ).toBeTruthy()

    await userEvent.click(section.getByRole('button', { name: texts.panel.payAll }))
    const dialog = within(await screen.findByRole('dialog', { name: texts.payAll.title }))
    expect(dialog.getByText(fill(texts.payAll.body_other, { count: 3, total: 'RWF 45,000' }))).toBeTruthy()
    expect(
      await dialog.findByText(
        fill(texts.payAll.byProvider_other, { provider: 'MTN Mobile Money', count: 2, total: 'RWF 30,000' }),
      ),
    ).toBeTruthy()
    expect(
      dialog.getByText(
        fill(texts.payAll.byProvider_one, { provider: 'Airtel Money', count: 1, total: 'RWF 15,000' }),
      ),
    ).toBeTruthy()
    // Below the threshold: no second admin.
    expect(dialog.queryByText(/second admin/)).toBeNull()
    expect(server.changes()).toEqual([])

    await userEvent.click(dialog.getByRole('button', { name: texts.payAll.confirm }))
    await waitFor(() =>
      expect(server.changes()).toEqual([
        { method: 'POST', path: '/api/admin/payout-batches', body: { count: 3, total: 45_000 } },
      ]),
    )
    expect(await section.findByText(texts.payAll.sent)).toBeTruthy()
  })

  it('says above the threshold that a second admin must approve, and then offers its creator no Approve', async () => {
    const big = { count: 2, total: 1_250_000 }
    const server = stubServer(
      session,
      payments({
        overview: overview({ waiting: big }),
        queued: [
          transfer({ id: 't-1', amount: 1_000_000 }),
          transfer({ id: 't-2', amount: 250_000, provider: 'airtel' }),
        ],
      }),
      ({ method, path }) =>
        method === 'POST' && path === '/api/admin/payout-batches'
          ? { status: 201, body: batch({ ...big, status: 'awaiting_approval', sending: 0, queued: 2 }) }
          : method === 'GET' && path.startsWith('/api/admin/payout-batches/')
            ? { body: batch({ ...big, status: 'awaiting_approval', sending: 0, queued: 2 }) }
            : undefined,
    )
    renderInApp(<MobileMoneyPanel />)
    const section = await panel()
    await userEvent.click(section.getByRole('button', { name: texts.panel.payAll }))
    const dialog = within(await screen.findByRole('dialog', { name: texts.payAll.title }))
    expect(dialog.getByText(fill(texts.payAll.secondAdmin, { limit: 'RWF 1,000,000' }))).toBeTruthy()
    // The Airtel float (RWF 900,000) covers its RWF 250,000; MTN's RWF 5,000,000 covers RWF 1,000,000.
    await dialog.findByText(
      fill(texts.payAll.byProvider_one, { provider: 'Airtel Money', count: 1, total: 'RWF 250,000' }),
    )
    expect(dialog.queryByText(/does not cover/)).toBeNull()
    await userEvent.click(dialog.getByRole('button', { name: texts.payAll.confirmAwaiting }))
    await waitFor(() =>
      expect(server.changes()).toEqual([
        { method: 'POST', path: '/api/admin/payout-batches', body: { count: 2, total: 1_250_000 } },
      ]),
    )
    // The admin who created it reads why they cannot approve it; Cancel stays theirs.
    const approve = await section.findByRole('button', {
      name: fill(texts.batch.approveLabel, { total: 'RWF 1,250,000' }),
    })
    expect(approve).toHaveProperty('disabled', true)
    expect(section.getByText(texts.batch.ownBatch)).toBeTruthy()
    expect(approve.getAttribute('aria-describedby')).toBe(section.getByText(texts.batch.ownBatch).id)
    expect(
      section.getByRole('button', { name: fill(texts.batch.cancelLabel, { total: 'RWF 1,250,000' }) }),
    ).toHaveProperty('disabled', false)
  })

  it('lets another admin approve a batch waiting for a second admin, after a confirmation', async () => {
    const waiting = batch({ status: 'awaiting_approval', createdBy: otherAdminId, sending: 0, queued: 3 })
    const server = stubServer(
      session,
      payments({ overview: overview({ waiting: { count: 0, total: 0 }, batches: [waiting] }) }),
      ({ method, path }) =>
        path === `/api/admin/payout-batches/${waiting.id}/decision`
          ? { body: { ...waiting, status: 'sending' } }
          : method === 'GET' && path === `/api/admin/payout-batches/${waiting.id}`
            ? { body: waiting }
            : undefined,
    )
    renderInApp(<MobileMoneyPanel />)
    const section = await panel()
    expect(section.getByText(texts.panel.nothingWaiting)).toBeTruthy()
    expect(section.queryByText(texts.batch.ownBatch)).toBeNull()
    await userEvent.click(
      section.getByRole('button', { name: fill(texts.batch.approveLabel, { total: 'RWF 45,000' }) }),
    )
    const dialog = within(await screen.findByRole('dialog', { name: texts.batch.approveTitle }))
    expect(server.changes()).toEqual([])
    await userEvent.click(dialog.getByRole('button', { name: texts.batch.approveConfirm }))
    await waitFor(() =>
      expect(server.changes()).toEqual([
        {
          method: 'POST',
          path: `/api/admin/payout-batches/${waiting.id}/decision`,
          body: { decision: 'approve' },
        },
      ]),
    )
  })

  it('shows the server’s refusal with the provider named as the screens name it', async () => {
    stubServer(session, payments({ overview: overview() }), ({ method, path }) =>
      method === 'POST' && path === '/api/admin/payout-batches'
        ? {
            status: 409,
            body: {
              error: {
                code: 'CONFLICT',
                messageKey: 'payments.errors.floatShort',
                params: { provider: 'airtel', float: 900_000, total: 1_200_000 },
              },
            },
          }
        : undefined,
    )
    renderInApp(<MobileMoneyPanel />)
    const section = await panel()
    await userEvent.click(section.getByRole('button', { name: texts.panel.payAll }))
    const dialog = within(await screen.findByRole('dialog', { name: texts.payAll.title }))
    await userEvent.click(dialog.getByRole('button', { name: texts.payAll.confirm }))
    const alert = await section.findByRole('alert')
    expect(alert.textContent).toContain(texts.payAll.failed)
    expect(alert.textContent).toContain(
      fill(en.payments.errors.floatShort, {
        provider: 'Airtel Money',
        float: 'RWF 900,000',
        total: 'RWF 1,200,000',
      }),
    )
  })
})

describe("a batch's progress", () => {
  it('shows the payouts settled over all of them, the count of each, and says when all are settled', async () => {
    const started = batch({ status: 'sending', sending: 3 })
    // What the server says each time it is asked: one paid, then all settled (the last answer repeats).
    const answers = [
      batch({ status: 'sending', sending: 2, paid: 1, paidTotal: 10_000 }),
      batch({ status: 'done', sending: 0, paid: 2, paidTotal: 30_000, failed: 1 }),
    ]
    const server = stubServer(session, payments({ overview: overview(), queued: [] }), ({ method, path }) =>
      method === 'POST' && path === '/api/admin/payout-batches'
        ? { status: 201, body: started }
        : method === 'GET' && path === `/api/admin/payout-batches/${started.id}`
          ? { body: answers.length > 1 ? answers.shift() : answers[0] }
          : undefined,
    )
    renderInApp(<MobileMoneyPanel />)
    const section = await panel()
    await userEvent.click(section.getByRole('button', { name: texts.panel.payAll }))
    const dialog = within(await screen.findByRole('dialog', { name: texts.payAll.title }))
    await userEvent.click(dialog.getByRole('button', { name: texts.payAll.confirm }))

    const progress = await section.findByRole('progressbar', { name: texts.batch.progressLabel })
    await waitFor(() =>
      expect(progress.getAttribute('aria-valuetext')).toBe(
        fill(texts.batch.progressText, { settled: 1, count: 3 }),
      ),
    )
    expect(countOf(section, texts.batch.paid)).toBe('1')
    expect(countOf(section, texts.batch.onTheWay)).toBe('2')
    expect(section.queryByText(/Every payout in this batch/)).toBeNull()
    // Asked again every 2 seconds while it is sending.
    await waitFor(
      () =>
        expect(progress.getAttribute('aria-valuetext')).toBe(
          fill(texts.batch.progressText, { settled: 3, count: 3 }),
        ),
      { timeout: 5_000 },
    )
    expect(progress.getAttribute('aria-valuenow')).toBe('3')
    expect(progress.getAttribute('aria-valuemax')).toBe('3')
    expect(countOf(section, texts.batch.paid)).toBe('2')
    expect(countOf(section, texts.batch.failed)).toBe('1')
    expect(countOf(section, texts.batch.unknown)).toBe('0')
    expect(countOf(section, texts.batch.onTheWay)).toBe('0')
    expect(
      section.getByText(fill(texts.batch.done, { paid: 2, paidTotal: 'RWF 30,000', failed: 1, unknown: 0 })),
    ).toBeTruthy()
    // Done: no more asking.
    const asked = server.gets(`/api/admin/payout-batches/${started.id}`).length
    await act(() => new Promise((resolve) => setTimeout(resolve, 2_500)))
    expect(server.gets(`/api/admin/payout-batches/${started.id}`)).toHaveLength(asked)
  }, 15_000)
})

/** The figure of one count in a batch's list of counts (a <dt> and its <dd>). */
const countOf = (section: ReturnType<typeof within>, label: string) =>
  section.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent

describe('the transfers that need checking', () => {
  const stuck = transfer({
    id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
    status: 'unknown',
    amount: 25_000,
    sendCount: 1,
    checks: 7,
    sentAt: '2026-03-03T06:00:00.000Z',
  })
  const resolving: Route = ({ method, path, body }) =>
    method === 'POST' && path === `/api/admin/transfers/${stuck.id}/resolve`
      ? {
          body: {
            ...stuck,
            status: (body as { action: string }).action === 'failed' ? 'failed' : 'paid',
            providerTransactionId: 'MP240303.0612.C45678',
          },
        }
      : undefined

  it('lists each with its shop, amount, provider and number’s last digits, and says none is sent again', async () => {
    stubServer(session, payments({ overview: overview({ unknown: 1 }), unknown: [stuck] }))
    renderInApp(<MobileMoneyPanel />)
    const section = within(await screen.findByRole('region', { name: texts.unknown.title }))
    expect(section.getByText(texts.unknown.intro)).toBeTruthy()
    const item = within(await section.findByRole('listitem', { name: 'Kivu Crafts' }))
    expect(item.getByText('RWF 25,000')).toBeTruthy()
    expect(item.getByText('MTN Mobile Money')).toBeTruthy()
    expect(item.getByText(fill(texts.unknown.numberValue, { tail: '3456' }))).toBeTruthy()
    expect(item.getByText('7')).toBeTruthy()
  })

  // A person records what the provider told them: a paid transfer carries the provider's own transaction id.
  it('marks one as paid only with the provider’s transaction ID, and sends it', async () => {
    const server = stubServer(
      session,
      payments({ overview: overview({ unknown: 1 }), unknown: [stuck] }),
      resolving,
    )
    renderInApp(<MobileMoneyPanel />)
    const section = within(await screen.findByRole('region', { name: texts.unknown.title }))
    await userEvent.click(
      await section.findByRole('button', {
        name: fill(texts.unknown.markPaidLabel, { amount: 'RWF 25,000', shop: 'Kivu Crafts' }),
      }),
    )
    const dialog = within(await screen.findByRole('dialog', { name: texts.unknown.paidTitle }))
    await userEvent.click(dialog.getByRole('button', { name: texts.unknown.paidConfirm }))
    expect(await dialog.findByText(en.payments.errors.transactionIdRequired)).toBeTruthy()
    expect(server.changes()).toEqual([])

    await userEvent.type(
      dialog.getByRole('textbox', { name: new RegExp(`^${texts.unknown.transactionId}`) }),
      '  MP240303.0612.C45678 ',
    )
    await userEvent.click(dialog.getByRole('button', { name: texts.unknown.paidConfirm }))
    await waitFor(() =>
      expect(server.changes()).toEqual([
        {
          method: 'POST',
          path: `/api/admin/transfers/${stuck.id}/resolve`,
          body: { action: 'paid', providerTransactionId: 'MP240303.0612.C45678' },
        },
      ]),
    )
    expect(await section.findByText(texts.unknown.markedPaid)).toBeTruthy()
  })

  it('marks one as failed after saying the money goes back to the shop, with the optional note', async () => {
    const server = stubServer(
      session,
      payments({ overview: overview({ unknown: 1 }), unknown: [stuck] }),
      resolving,
    )
    renderInApp(<MobileMoneyPanel />)
    const section = within(await screen.findByRole('region', { name: texts.unknown.title }))
    await userEvent.click(
      await section.findByRole('button', {
        name: fill(texts.unknown.markFailedLabel, { amount: 'RWF 25,000', shop: 'Kivu Crafts' }),
      }),
    )
    const dialog = within(await screen.findByRole('dialog', { name: texts.unknown.failedTitle }))
    expect(
      dialog.getByText(
        fill(texts.unknown.failedBodyPayout, {
          amount: 'RWF 25,000',
          shop: 'Kivu Crafts',
          provider: 'MTN Mobile Money',
        }),
      ),
    ).toBeTruthy()
    await userEvent.type(
      dialog.getByRole('textbox', { name: texts.unknown.note }),
      'MTN support: never credited',
    )
    await userEvent.click(dialog.getByRole('button', { name: texts.unknown.failedConfirm }))
    await waitFor(() =>
      expect(server.changes()).toEqual([
        {
          method: 'POST',
          path: `/api/admin/transfers/${stuck.id}/resolve`,
          body: { action: 'failed', note: 'MTN support: never credited' },
        },
      ]),
    )
  })
})

describe('no mobile money configured', () => {
  it('shows no panel and no queue', async () => {
    const server = stubServer(
      session,
      payments({ overview: overview({ providers: [], waiting: { count: 0, total: 0 } }) }),
    )
    renderInApp(<MobileMoneyPanel />)
    await waitFor(() => expect(server.gets('/api/admin/payments')).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('region')).toBeNull()
    expect(server.gets('/api/admin/transfers')).toEqual([])
  })
})

const adminPayout = (overrides: Partial<AdminPayoutDto>): AdminPayoutDto => ({
  id: 'p0000000-0000-4000-8000-000000000000',
  amount: 15_000,
  status: 'approved',
  requestedAt: '2026-03-01T08:00:00.000Z',
  processedAt: '2026-03-02T08:00:00.000Z',
  notes: null,
  decisionReason: null,
  paymentReference: null,
  provider: 'mtn',
  transferStatus: 'queued',
  vendorId: '0b2b8c1e-5d4a-4e7b-9c1d-2a6f8e0b7c41',
  shopName: 'Kivu Crafts',
  ownerName: 'Eric Habimana',
  ownerEmail: 'eric@kivu.rw',
  payoutMethod: 'mobile_money',
  payoutDetails: { provider: 'mtn', mobileNumber: '•••• 3456' },
  receiptStatus: null,
  vendorBalance: 100_000,
  ...overrides,
})

const payoutsInEveryState: Partial<AdminPayoutDto>[] = [
  { id: 'p1', transferStatus: 'queued' },
  { id: 'p2', transferStatus: 'sending' },
  { id: 'p3', transferStatus: 'paid', paymentReference: 'MP1', receiptStatus: 'pendingReceipt' },
  {
    id: 'p4',
    status: 'rejected',
    transferStatus: 'failed',
    decisionReason: 'The number has no Mobile Money account.',
  },
  { id: 'p5', transferStatus: 'unknown', provider: 'airtel' },
  // Paid by hand: no transfer to show.
  { id: 'p6', transferStatus: null, provider: null, payoutMethod: 'bank', paymentReference: 'BK-1' },
]

describe('transfer badges', () => {
  const labels = [
    texts.transfer.queued,
    texts.transfer.sending,
    fill(texts.transfer.paid, { provider: 'MTN Mobile Money' }),
    texts.transfer.failed,
    texts.transfer.unknown,
  ]

  it('say where each payout’s transfer stands in the admin list, a failure with its reason', () => {
    renderInApp(
      <PayoutTable
        payouts={payoutsInEveryState.map(adminPayout)}
        acting={null}
        onView={() => {}}
        onApprove={() => {}}
        onReject={() => {}}
      />,
    )
    const rows = screen.getAllByRole('row').slice(1)
    labels.forEach((label, index) => expect(within(rows[index]!).getByText(label)).toBeTruthy())
    expect(within(rows[3]!).getByText('The number has no Mobile Money account.')).toBeTruthy()
    const sixth = within(rows[5]!)
    for (const label of [...labels, /Paid by/]) expect(sixth.queryByText(label)).toBeNull()
  })

  it('say the same in the vendor’s history', () => {
    const payouts: PayoutDto[] = payoutsInEveryState.map((overrides) => {
      const {
        id,
        amount,
        status,
        requestedAt,
        processedAt,
        notes,
        decisionReason,
        paymentReference,
        provider,
        transferStatus,
      } = adminPayout(overrides)
      return {
        id,
        amount,
        status,
        requestedAt,
        processedAt,
        notes,
        decisionReason,
        paymentReference,
        provider,
        transferStatus,
        canConfirmReceipt: false,
      }
    })
    renderInApp(<PayoutCards payouts={payouts} onConfirmReceipt={() => {}} />)
    const cards = screen.getAllByRole('article')
    labels.forEach((label, index) => expect(within(cards[index]!).getByText(label)).toBeTruthy())
    expect(within(cards[5]!).queryByText(texts.transfer.label)).toBeNull()
  })
})

describe("a pending payout's approval", () => {
  const pending = (overrides: Partial<AdminPayoutDto>) =>
    adminPayout({ status: 'pending', processedAt: null, provider: null, transferStatus: null, ...overrides })
  const approveButton = () => screen.getByRole('button', { name: en.admin.payouts.approveDialog.confirm })

  // A mobile-money payout approved without a reference is queued for its provider (the server decides whether
  // one reaches the number); one paid by hand records how it was paid.
  it('lets a mobile-money payout go without a reference, saying it is then queued for the provider', async () => {
    const payout = pending({})
    stubServer(({ method, path }) =>
      method === 'GET' && path === `/api/admin/payouts/${payout.id}/account-holder`
        ? {
            body: {
              provider: 'mtn',
              active: false,
              registeredName: 'HABIMANA ERIC',
              ownerName: 'Eric Habimana',
              msisdnTail: '3456',
            },
          }
        : undefined,
    )
    const onConfirm = vi.fn()
    renderInApp(<ApproveDialog payout={payout} isPending={false} onConfirm={onConfirm} onClose={() => {}} />)
    expect(await screen.findByText(texts.approve.mobileNote)).toBeTruthy()
    // Who the provider has registered for the number, beside the owner, before any money leaves.
    const holder = within(await screen.findByRole('region', { name: texts.holder.title }))
    expect(await holder.findByText('HABIMANA ERIC')).toBeTruthy()
    expect(holder.getByText('Eric Habimana')).toBeTruthy()
    expect(holder.getByText(texts.holder.inactive)).toBeTruthy()
    await userEvent.click(approveButton())
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(onConfirm.mock.calls[0]![1]).toBe('')
  })

  it('still requires the reference of a bank payout', async () => {
    const server = stubServer()
    const onConfirm = vi.fn()
    renderInApp(
      <ApproveDialog
        payout={pending({ payoutMethod: 'bank', payoutDetails: { bankName: 'Bank of Kigali' } })}
        isPending={false}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    )
    await userEvent.click(await screen.findByRole('button', { name: en.admin.payouts.approveDialog.confirm }))
    expect(await screen.findByText(en.payouts.referenceRequired)).toBeTruthy()
    expect(screen.queryByText(texts.approve.mobileNote)).toBeNull()
    expect(screen.queryByRole('region', { name: texts.holder.title })).toBeNull()
    expect(server.gets(`/api/admin/payouts/${adminPayout({}).id}/account-holder`)).toEqual([])
    expect(onConfirm).not.toHaveBeenCalled()
  })
})

describe('paying a plan by mobile money', () => {
  const profile: VendorProfile = {
    id: '0b2b8c1e-5d4a-4e7b-9c1d-2a6f8e0b7c41',
    email: 'eric@kivu.rw',
    fullName: 'Eric Habimana',
    shopName: 'Kivu Crafts',
    businessAddress: 'KN 5 Rd, Kigali',
    phone: '+250788123456',
    shopLogo: null,
    govId: null,
    businessDocuments: [],
    idDocuments: [],
    payoutMethod: 'mobile_money',
    payoutDetails: { provider: 'mtn', mobileNumber: '•••• 3456' },
    status: 'approved',
    decisionReason: null,
    subscription: {
      plan: 'starter',
      status: 'active',
      startsAt: '2025-01-01T00:00:00.000Z',
      expiresAt: null,
    },
    requestedPlan: null,
    lowStockThreshold: 5,
    tin: null,
    vatRegistered: false,
    smsOptOut: false,
    // Long past the starter trial: every plan is paid for.
    createdAt: '2025-01-01T00:00:00.000Z',
  }
  const payment = (overrides: Partial<PlanPaymentDto>): PlanPaymentDto => ({
    transferId: '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a',
    status: 'queued',
    plan: 'growth',
    amount: 15_000,
    provider: 'mtn',
    failureReason: null,
    ...overrides,
  })
  const profileRoute: Route = ({ method, path }) =>
    method === 'GET' && path === '/api/vendor/profile' ? { body: profile } : undefined

  it('asks for the approval on the phone, then says the plan is active once paid', async () => {
    const started = payment({ status: 'queued' })
    const server = stubServer(profileRoute, ({ method, path }) =>
      method === 'POST' && path === '/api/vendor/subscription/mobile-money'
        ? { status: 201, body: started }
        : method === 'GET' && path === `/api/vendor/subscription/mobile-money/${started.transferId}`
          ? { body: payment({ status: 'paid' }) }
          : undefined,
    )
    renderInApp(<VendorSubscriptionPage />)
    await userEvent.click(await screen.findByRole('button', { name: texts.plan.pay }))
    await waitFor(() =>
      expect(server.changes()).toEqual([
        { method: 'POST', path: '/api/vendor/subscription/mobile-money', body: { plan: 'growth' } },
      ]),
    )
    expect(await screen.findByText(texts.plan.approveTitle)).toBeTruthy()
    const prompt = screen.getByText(
      fill(texts.plan.approveBody, { amount: 'RWF 15,000', provider: 'MTN Mobile Money' }),
    )
    expect(prompt.textContent).toContain('*182#')
    // Asked again every 3 seconds until the provider says it was paid.
    expect(
      await screen.findByText(fill(texts.plan.paid, { plan: 'Growth' }), undefined, { timeout: 6_000 }),
    ).toBeTruthy()
    expect(screen.queryByText(texts.plan.approveTitle)).toBeNull()
  }, 15_000)

  it('says why a payment failed, in the reader’s words', async () => {
    const started = payment({ status: 'sending' })
    stubServer(profileRoute, ({ method, path }) =>
      method === 'POST' && path === '/api/vendor/subscription/mobile-money'
        ? { status: 201, body: started }
        : method === 'GET' && path === `/api/vendor/subscription/mobile-money/${started.transferId}`
          ? { body: payment({ status: 'failed', failureReason: 'rejected_by_payer' }) }
          : undefined,
    )
    renderInApp(<VendorSubscriptionPage />)
    await userEvent.click(await screen.findByRole('button', { name: texts.plan.pay }))
    const alert = await screen.findByRole('alert', {}, { timeout: 6_000 })
    expect(alert.textContent).toContain(texts.plan.failedTitle)
    expect(alert.textContent).toContain(en.payments.reasons.rejected_by_payer)
  }, 15_000)

  it('says when no provider reaches the shop’s number, so another way is needed', async () => {
    stubServer(profileRoute, ({ method, path }) =>
      method === 'POST' && path === '/api/vendor/subscription/mobile-money'
        ? {
            status: 409,
            body: { error: { code: 'CONFLICT', messageKey: 'payments.errors.noProviderForNumber' } },
          }
        : undefined,
    )
    renderInApp(<VendorSubscriptionPage />)
    await userEvent.click(await screen.findByRole('button', { name: texts.plan.pay }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(texts.plan.noProviderTitle)
    expect(alert.textContent).toContain(en.payments.errors.noProviderForNumber)
    expect(screen.queryByText(texts.plan.approveTitle)).toBeNull()
  })
})
