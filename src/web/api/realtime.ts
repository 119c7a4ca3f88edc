import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { RealtimeEvent } from '../../shared/schemas/message'

/**
 * Listens to /api/events (Server-Sent Events) while signed in and refetches whatever changed, so new
 * messages, orders and payout decisions appear without a reload. EventSource reconnects by itself.
 */
export function useRealtime(isEnabled: boolean) {
  const client = useQueryClient()
  useEffect(() => {
    if (!isEnabled || typeof EventSource === 'undefined') return
    const source = new EventSource('/api/events')
    source.addEventListener('change', (event) => {
      try {
        const change = JSON.parse((event as MessageEvent<string>).data) as RealtimeEvent
        void client.invalidateQueries({ queryKey: [change.topic] })
        if (change.topic === 'orders' || change.topic === 'payouts' || change.topic === 'products') {
          void client.invalidateQueries({ queryKey: ['vendor', 'dashboard'] })
        }
      } catch {
        // A malformed event changes nothing; the next one still arrives.
      }
    })
    return () => source.close()
  }, [client, isEnabled])
}
