import { useEffect } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { EVENTS_URL, realtimeTopics, type RealtimeEvent } from '../../shared/schemas/message'
import { staleAfter } from './query-keys'

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
