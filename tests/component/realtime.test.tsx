import { act } from 'react'
import { useQueries, type QueryKey } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { EVENTS_URL } from '../../src/shared/schemas/message'
import * as keys from '../../src/web/api/query-keys'
import { useRealtime } from '../../src/web/api/realtime'
import { renderInApp } from './render'

/** The browser's EventSource, driven by the test: `emit` delivers a `change` event as the server sends it. */
class FakeEventSource {
  static opened: FakeEventSource[] = []
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>()
  isClosed = false
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this)
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.isClosed = true
  }
  emit(data: string) {
    for (const listener of this.listeners.get('change') ?? []) listener(new MessageEvent('change', { data }))
  }
}

/** The queries an admin's screens hold at once: the open screen, a details dialog, the header bell. */
const screens = {
  productList: keys.productKeys.list({ q: '', page: 1 }),
  openProduct: keys.productKeys.detail('p-1'),
  otherProduct: keys.productKeys.detail('p-2'),
  orderList: keys.orderKeys.list({ q: '', page: 1 }),
  payoutList: keys.payoutKeys.list({ q: '', page: 1 }),
  vendorList: keys.vendorKeys.list({ q: '', page: 1 }),
  messageList: keys.messageKeys.list({ type: 'all', page: 1 }),
  openThread: keys.messageKeys.named('thread', 'm-0'),
  menuCounts: keys.menuCountKeys.named('counts'),
  dashboard: keys.dashboardKeys.named('admin'),
  auditLog: keys.auditLogKeys.list({ q: '', page: 1 }),
} satisfies Record<string, QueryKey>
type Screen = keyof typeof screens

function renderSignedInScreens() {
  const fetches = Object.fromEntries(
    Object.keys(screens).map((name) => [name, vi.fn(async () => ({ name }))]),
  ) as Record<Screen, Mock<() => Promise<{ name: string }>>>
  function Screens() {
    useRealtime(true)
    useQueries({
      queries: Object.entries(screens).map(([name, queryKey]) => ({
        queryKey,
        queryFn: fetches[name as Screen],
      })),
    })
    return null
  }
  const rendered = renderInApp(<Screens />)
  return { ...rendered, fetches }
}

/** The screens that fetched again after the event (each fetched once when it opened). */
async function refetchedAfter(data: string) {
  const { fetches, client } = renderSignedInScreens()
  await vi.waitFor(() => expect(client.isFetching()).toBe(0))
  for (const fetch of Object.values(fetches)) expect(fetch).toHaveBeenCalledTimes(1)
  const [source] = FakeEventSource.opened
  expect(source?.url).toBe(EVENTS_URL)
  await act(async () => source!.emit(data))
  await vi.waitFor(() => expect(client.isFetching()).toBe(0))
  return Object.entries(fetches)
    .filter(([, fetch]) => fetch.mock.calls.length > 1)
    .map(([name]) => name)
    .sort()
}

beforeEach(() => {
  FakeEventSource.opened = []
  vi.stubGlobal('EventSource', FakeEventSource)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

// A live event used to refetch every admin query at once; each must cost only the queries it concerns.
describe('a live change event', () => {
  it("refetches the named product's list and details and the figures that count products, nothing else", async () => {
    expect(await refetchedAfter(JSON.stringify({ topic: 'products', id: 'p-1' }))).toEqual(
      ['auditLog', 'dashboard', 'openProduct', 'productList'].sort(),
    )
  })

  it('refetches every product query when it names no product (an import)', async () => {
    expect(await refetchedAfter(JSON.stringify({ topic: 'products' }))).toEqual(
      ['auditLog', 'dashboard', 'openProduct', 'otherProduct', 'productList'].sort(),
    )
  })

  // A new reply names its own id: the open conversation it joins must refresh all the same, and the menu's count.
  it('about a message refetches the messages, the open conversation, the menu counts and the audit trail (where replies are kept), not the dashboard', async () => {
    expect(await refetchedAfter(JSON.stringify({ topic: 'messages', id: 'm-1' }))).toEqual(
      ['auditLog', 'menuCounts', 'messageList', 'openThread'].sort(),
    )
  })

  it('about a payout leaves the products, orders, shops and messages alone, and refreshes the menu counts', async () => {
    expect(await refetchedAfter(JSON.stringify({ topic: 'payouts', id: 'x' }))).toEqual(
      ['auditLog', 'dashboard', 'menuCounts', 'payoutList'].sort(),
    )
  })

  it('that cannot be read, or names no known topic, refetches nothing', async () => {
    expect(await refetchedAfter('{not json')).toEqual([])
    FakeEventSource.opened = []
    expect(await refetchedAfter(JSON.stringify({ topic: 'everything' }))).toEqual([])
  })

  it('stream closes when the screens go (signed out)', () => {
    const { unmount } = renderSignedInScreens()
    unmount()
    expect(FakeEventSource.opened[0]?.isClosed).toBe(true)
  })
})
