import { useQuery } from '@tanstack/react-query'
import type { MessageType } from '../../shared/constants'
import { api, call } from './client'
import { detailQuery, useApiMutation, usePagedQuery } from './queries'
import { menuCountKeys, messageKeys } from './query-keys'

/** A page of messages; without `pageSize`, the server's default (50). */
export type MessageFilters = {
  type: 'all' | MessageType
  q: string
  page: number
  pageSize?: number
  /** The cursor of a page reached by Next or Previous (ListPosition). */
  after?: string
  before?: string
}

/**
 * The messages the signed-in user may read (a vendor: their own; an admin: everyone's) with the unread count.
 * A 'messages' event announced live refreshes it (staleAfter in realtime.ts).
 */
export function useMessages(filters: MessageFilters) {
  const { type, q, page, pageSize, after, before } = filters
  const paging = {
    ...(pageSize === undefined ? {} : { pageSize: String(pageSize) }),
    ...(after ? { after } : before ? { before } : {}),
  }
  return usePagedQuery(messageKeys.list(filters), (options) =>
    call(api.messages.$get({ query: { type, q, page: String(page), ...paging } }, options)),
  )
}

/**
 * The conversation the message `id` belongs to, oldest first (null: none open). Under its own key, not
 * `detail(id)`: a realtime event naming a new reply's id must refresh the open conversation too (staleAfter
 * spares only other rows' details).
 */
export function useMessageThread(id: string | null) {
  return useQuery(
    detailQuery(messageKeys.named('thread', id), id, (param, options) =>
      call(api.messages[':id'].thread.$get({ param }, options)),
    ),
  )
}

// Every change to messages moves the unread figures beside the menu too.
const useMessageMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) =>
  useApiMutation({ mutationFn, invalidates: [messageKeys.all, menuCountKeys.all] })

export const useSendMessage = () =>
  useMessageMutation((input: { type: MessageType; subject: string; content: string }) =>
    call(api.messages.$post({ json: input })),
  )

export const useMarkMessageRead = () =>
  useMessageMutation((id: string) => call(api.messages[':id'].read.$post({ param: { id } })))

/**
 * An admin's support reply to a message's sender (subject 'Re: Admin Response' in the vendor's language, type
 * support); it marks the conversation's waiting messages answered.
 */
export const useReplyToMessage = () =>
  useMessageMutation(({ id, content }: { id: string; content: string }) =>
    call(api.admin.messages[':id'].reply.$post({ param: { id }, json: { content } })),
  )

/** A vendor's reply in a conversation, to the admin team, answering the message `id`. */
export const useVendorReply = () =>
  useMessageMutation(({ id, content }: { id: string; content: string }) =>
    call(api.messages[':id'].reply.$post({ param: { id }, json: { content } })),
  )
