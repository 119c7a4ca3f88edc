import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { withSignal } from './client'

export type RequestOptions = ReturnType<typeof withSignal>

/** A list's page as the query strings the server reads. */
export const pageQuery = ({ page, pageSize }: { page: number; pageSize: number }) => ({
  page: String(page),
  pageSize: String(pageSize),
})

/** One page of a list; the previous page stays on screen while the next one loads. */
export function usePagedQuery<Result>(
  queryKey: QueryKey,
  fetch: (options: RequestOptions) => Promise<Result>,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetch(withSignal(signal)),
    placeholderData: keepPreviousData,
  })
}

/** A change after which the queries under `staleKeys` are refetched. */
export function useChange<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  staleKeys: readonly QueryKey[],
) {
  const client = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => {
      for (const queryKey of staleKeys) void client.invalidateQueries({ queryKey })
    },
  })
}
