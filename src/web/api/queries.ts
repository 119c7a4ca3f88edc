import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { withSignal } from './client'

export type RequestOptions = ReturnType<typeof withSignal>

/** Where a list's page is: its number, and the cursor of a page reached by Next or Previous (ListPosition). */
export type PagePosition = { page: number; pageSize: number; after?: string; before?: string }

/** A list's page as the query strings the server reads. */
export const pageQuery = ({ page, pageSize, after, before }: PagePosition) => ({
  page: String(page),
  pageSize: String(pageSize),
  ...(after ? { after } : before ? { before } : {}),
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
