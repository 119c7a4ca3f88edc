import { useMutation, useQueryClient } from '@tanstack/react-query'
import { withSignal } from './client'
import { usePagedQuery, type RequestOptions } from './queries'
import { adminKeys } from './query-keys'

/**
 * One page of an admin list; the previous page stays on screen while the next one loads. Under adminKeys, so any
 * change announced live refreshes it.
 */
export function useAdminList<Result>(
  resource: string,
  filters: object,
  fetch: (options: RequestOptions) => Promise<Result>,
) {
  return usePagedQuery(adminKeys.list({ resource, ...filters }), fetch)
}

/** The query of one item for a details dialog (null: no dialog open, nothing fetched). */
export const adminDetail = <Result>(
  id: string | null,
  fetch: (param: { id: string }, options: RequestOptions) => Promise<Result>,
) => ({
  queryKey: adminKeys.detail(id ?? ''),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetch({ id: id ?? '' }, withSignal(signal)),
  enabled: id !== null,
})

/** A decision on one item: an open details dialog shows the answer, and the lists and figures refresh. */
export function useAdminDecision<Variables, Result extends { id: string }>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const client = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (item) => client.setQueryData(adminKeys.detail(item.id), item),
    // Also after a refusal: another admin may have decided first, and the screen should show what stands.
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
