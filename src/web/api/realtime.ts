import { useEffect } from 'react'
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import {
  EVENTS_URL,
  realtimeTopics,
  type RealtimeEvent,
  type RealtimeTopic,
} from '../../shared/schemas/message'
import {
  accountKeys,
  auditLogKeys,
  dashboardKeys,
  menuCountKeys,
  messageKeys,
  orderKeys,
  paymentKeys,
  payoutKeys,
  productKeys,
  queryKeysFactory,
  reportKeys,
  vendorKeys,
} from './query-keys'

const resourceKeys: Record<RealtimeTopic, ReturnType<typeof queryKeysFactory>> = {
  products: productKeys,
  orders: orderKeys,
  payouts: payoutKeys,
  messages: messageKeys,
  vendors: vendorKeys,
}

/**
 * What else a change of each resource moves: the figures that count it (dashboards, the report, the menu's
 * counts of unread messages and of shops and payouts waiting), the audit trail that records it, and for a shop
 * the session's summary of it (its status).
 */
const summariesOf: Record<RealtimeTopic, readonly QueryKey[]> = {
  products: [dashboardKeys.all, reportKeys.all, auditLogKeys.all],
  orders: [dashboardKeys.all, reportKeys.all, auditLogKeys.all],
  // (Mobile money moves payouts: the overview, a batch's progress and the unknown queue with them.)
  payouts: [dashboardKeys.all, reportKeys.all, auditLogKeys.all, menuCountKeys.all, paymentKeys.all],
  // (An admin's reply is audited.)
  messages: [auditLogKeys.all, menuCountKeys.all],
  // (A plan paid by mobile money announces itself as a change of the shop.)
  vendors: [
    dashboardKeys.all,
    reportKeys.all,
    auditLogKeys.all,
    accountKeys.named('me'),
    menuCountKeys.all,
    paymentKeys.all,
  ],
}

/** What the queries an invalidation names are: a key, and optionally which of the key's queries to spare. */
type StaleQueries = { queryKey: QueryKey; predicate?: (query: { queryKey: QueryKey }) => boolean }

/**
 * What one realtime event (useRealtime, below) makes stale: the named resource, and what summarises it
 * (summariesOf); nothing of another resource. An event naming a row spares the other rows' open details.
 */
export function staleAfter({ topic, id }: RealtimeEvent): StaleQueries[] {
  const keys = resourceKeys[topic]
  const resource: StaleQueries = id
    ? {
        queryKey: keys.all,
        predicate: ({ queryKey }) =>
          queryKey[1] !== 'detail' || queryKey[2] === undefined || queryKey[2] === id,
      }
    : { queryKey: keys.all }
  return [resource, ...summariesOf[topic].map((queryKey) => ({ queryKey }))]
}

const isTopic = (value: unknown): value is RealtimeEvent['topic'] =>
  realtimeTopics.includes(value as RealtimeEvent['topic'])

/**
 * One `change` event's data (`{ topic, id? }`): refetches what it makes stale (staleAfter), no other resource's
 * queries. A malformed event changes nothing.
 */
export function applyChangeEvent(client: QueryClient, data: string) {
  let event: { topic?: unknown; id?: unknown }
  try {
    event = JSON.parse(data) as typeof event
  } catch {
    return
  }
  if (!isTopic(event?.topic)) return
  const id = typeof event.id === 'string' ? event.id : undefined
  for (const stale of staleAfter({ topic: event.topic, ...(id ? { id } : {}) })) {
    void client.invalidateQueries(stale)
  }
}

/**
 * Listens to the server's change stream (Server-Sent Events) while signed in and refetches whatever changed,
 * so new messages, orders and payout decisions appear without a reload. EventSource reconnects by itself.
 */
export function useRealtime(isEnabled: boolean) {
  const client = useQueryClient()
  useEffect(() => {
    if (!isEnabled || typeof EventSource === 'undefined') return
    const source = new EventSource(EVENTS_URL)
    source.addEventListener('change', (event) =>
      applyChangeEvent(client, (event as MessageEvent<string>).data),
    )
    return () => source.close()
  }, [client, isEnabled])
}
