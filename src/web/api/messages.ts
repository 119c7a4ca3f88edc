import type { MessageType } from '../../shared/constants'
import { api, call } from './client'
import { useChange, usePagedQuery } from './queries'
import { messageKeys } from './query-keys'

export type MessageFilters = { type: 'all' | MessageType; q: string; page: number }

export function useMessages(filters: MessageFilters) {
  const { type, q, page } = filters
  return usePagedQuery(messageKeys.list(filters), (options) =>
    call(api.messages.$get({ query: { type, q, page: String(page) } }, options)),
  )
}

const useMessageMutation = <Input, Output>(send: (input: Input) => Promise<Output>) =>
  useChange(send, [messageKeys.all])

export const useSendMessage = () =>
  useMessageMutation((input: { type: MessageType; subject: string; content: string }) =>
    call(api.messages.$post({ json: input })),
  )

export const useMarkMessageRead = () =>
  useMessageMutation((id: string) => call(api.messages[':id'].read.$post({ param: { id } })))
