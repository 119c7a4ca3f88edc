import { useQuery } from '@tanstack/react-query'
import { api, call, withSignal } from './client'
import { menuCountKeys } from './query-keys'

/**
 * The counts beside the menu's entries (GET /api/menu-counts): the signed-in user's unread messages and, for an
 * admin, the shops and payout requests waiting. A realtime event about messages, payouts or shops refreshes them
 * (summariesOf in realtime.ts), as it refreshes the unread count of the messages screen.
 */
export function useMenuCounts() {
  return useQuery({
    queryKey: menuCountKeys.named('counts'),
    queryFn: ({ signal }) => call(api['menu-counts'].$get(undefined, withSignal(signal))),
  })
}
