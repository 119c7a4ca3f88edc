import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MessageType } from '../../shared/constants'
import type { MessageDto, MessageList } from '../../shared/schemas/message'
import { api } from './client'

export type MessageFilters = { type: 'all' | MessageType; q: string; page: number }

export const messageKeys = {
  all: ['messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (filters: MessageFilters) => [...messageKeys.lists(), filters] as const,
}

export function useMessages(filters: MessageFilters) {
  const query = new URLSearchParams({ type: filters.type, q: filters.q, page: String(filters.page) })
  return useQuery({
    queryKey: messageKeys.list(filters),
    queryFn: ({ signal }) => api<MessageList>('GET', `/messages?${query.toString()}`, undefined, signal),
    placeholderData: keepPreviousData,
  })
}

function useMessageMutation<Input>(call: (input: Input) => Promise<MessageDto>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: () => void client.invalidateQueries({ queryKey: messageKeys.all }),
  })
}

export const useSendMessage = () =>
  useMessageMutation((input: { type: MessageType; subject: string; content: string }) =>
    api<MessageDto>('POST', '/messages', input),
  )

export const useMarkMessageRead = () =>
  useMessageMutation((id: string) => api<MessageDto>('POST', `/messages/${id}/read`))
