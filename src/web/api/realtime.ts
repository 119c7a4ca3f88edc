import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { EVENTS_URL, realtimeTopics, type RealtimeEvent } from '../../shared/schemas/message'
import { realtimeInvalidations } from './query-keys'

const isTopic = (value: unknown): value is RealtimeEvent['topic'] =>
  realtimeTopics.includes(value as RealtimeEvent['topic'])

/**
 * Listens to the server's change stream (Server-Sent Events) while signed in and refetches whatever changed,
 * so new messages, orders and payout decisions appear without a reload. EventSource reconnects by itself.
 */
export function useRealtime(isEnabled: boolean) {
  const client = useQueryClient()
  useEffect(() => {
    if (!isEnabled || typeof EventSource === 'undefined') return
    const source = new EventSource(EVENTS_URL)
    source.addEventListener('change', (event) => {
      try {
        const { topic } = JSON.parse((event as MessageEvent<string>).data) as { topic?: unknown }
        if (!isTopic(topic)) return
        for (const queryKey of realtimeInvalidations[topic]) void client.invalidateQueries({ queryKey })
      } catch {
        // A malformed event changes nothing; the next one still arrives.
      }
    })
    return () => source.close()
  }, [client, isEnabled])
}
