import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
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

/** The query of one item by its id: a details dialog's, a conversation's, a payment's (null: none, nothing fetched). */
export const detailQuery = <Result>(
  queryKey: QueryKey,
  id: string | null,
  fetch: (param: { id: string }, options: RequestOptions) => Promise<Result>,
) => ({
  queryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetch({ id: id ?? '' }, withSignal(signal)),
  enabled: id !== null,
})

export type ApiMutation<Input, Output> = {
  mutationFn: (input: Input) => Promise<Output>
  /** The queries the change makes stale (keys from query-keys.ts), or a function of the answer and the input. */
  invalidates: readonly QueryKey[] | ((input: Input, output: Output | undefined) => readonly QueryKey[])
  /** Writes the answer into the cache at once (a details dialog, the session), before the refetch lands. */
  onSuccess?: (output: Output, input: Input, client: QueryClient) => void
  /** Writes to the cache whatever the answer was (signing out forgets the session even when the call failed). */
  onSettled?: (client: QueryClient) => void
}

/**
 * Every change the screens make: it sends, writes what the answer already tells (`onSuccess`), and refetches
 * what `invalidates` names. Also after a refusal: a refusal is often someone else's change first (another admin
 * decided, another tab completed the order), and the screen must show what stands.
 */
export function useApiMutation<Input = void, Output = unknown>({
  mutationFn,
  invalidates,
  onSuccess,
  onSettled,
}: ApiMutation<Input, Output>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: onSuccess && ((output: Output, input: Input) => onSuccess(output, input, client)),
    onSettled: (output: Output | undefined, _error: unknown, input: Input) => {
      onSettled?.(client)
      const keys = typeof invalidates === 'function' ? invalidates(input, output) : invalidates
      // Awaited: the change counts as done once the screens show what stands (a button stays busy till then).
      return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })))
    },
  })
}

/** The `onSuccess` of a change answered with the changed item: an open details dialog shows it at once. */
export const showInDetail =
  (keys: { detail: (id: string) => QueryKey }) =>
  (item: { id: string }, _input: unknown, client: QueryClient) =>
    client.setQueryData(keys.detail(item.id), item)
