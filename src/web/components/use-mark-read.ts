import { useEffect, useRef } from 'react'
import type { MessageDto } from '../../shared/schemas/message'
import { useMarkMessageRead } from '../api/messages'

/**
 * Opening a message that is unread for its reader marks it read (spec §4: read_at is set when opened), once:
 * a refetch or a second render of the same message sends nothing more. Opening a conversation opens every
 * message it shows, so each unread one is marked. The lists, the unread counts and the menu's count refresh.
 */
export function useMarkReadWhenOpened(shown: MessageDto | readonly MessageDto[] | null | undefined) {
  const { mutate } = useMarkMessageRead()
  // Ids already sent to the read endpoint; one that failed may be tried again on the next render.
  const requested = useRef(new Set<string>())
  useEffect(() => {
    const messages = shown ? (Array.isArray(shown) ? shown : [shown as MessageDto]) : []
    for (const message of messages) {
      if (!message.isUnread || requested.current.has(message.id)) continue
      requested.current.add(message.id)
      mutate(message.id, { onError: () => requested.current.delete(message.id) })
    }
  }, [shown, mutate])
}
