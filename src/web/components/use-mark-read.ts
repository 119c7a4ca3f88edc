import { useEffect, useRef } from 'react'
import type { MessageDto } from '../../shared/schemas/message'
import { useMarkMessageRead } from '../api/messages'

/**
 * Opening a message that is unread for its reader marks it read (spec §4: read_at is set when opened), once:
 * a refetch or a second render of the same message sends nothing more. The lists and unread counts refresh.
 */
export function useMarkReadWhenOpened(message: MessageDto | null | undefined) {
  const { mutate } = useMarkMessageRead()
  // Ids already sent to the read endpoint; one that failed may be tried again on the next render.
  const requested = useRef(new Set<string>())
  useEffect(() => {
    if (!message?.isUnread || requested.current.has(message.id)) return
    requested.current.add(message.id)
    mutate(message.id, { onError: () => requested.current.delete(message.id) })
  }, [message, mutate])
}
