import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MessageType } from '../../shared/constants'
import { api, call, withSignal } from './client'
import { messageKeys } from './query-keys'

export type MessageFilters = { type: 'all' | MessageType; q: string; page: number }

export function useMessages(filters: MessageFilters) {
  return useQuery({
    queryKey: messageKeys.list(filters),
    queryFn: ({ signal }) =>
      call(
        api.messages.$get(
          { query: { type: filters.type, q: filters.q, page: String(filters.page) } },
          withSignal(signal),
        ),
      ),
    placeholderData: keepPreviousData,
  })
}

function useMessageMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: () => void client.invalidateQueries({ queryKey: messageKeys.all }),
  })
}

export const useSendMessage = () =>
  useMessageMutation((input: { type: MessageType; subject: string; content: string }) =>
    call(api.messages.$post({ json: input })),
  )

export const useMarkMessageRead = () =>
  useMessageMutation((id: string) => call(api.messages[':id'].read.$post({ param: { id } })))
