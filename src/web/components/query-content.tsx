import type { ReactNode } from 'react'
import { LoadErrorAlert } from './load-error-alert'
import { LoadingStatus } from './loading-status'

/** What a section needs of its TanStack query. */
export type ContentQuery<Data> = {
  isPending: boolean
  data: Data | undefined
  refetch: () => unknown
  isRefetching: boolean
}

/**
 * A section's content in the states of its query: while the first answer loads, `skeleton` in the content's shape
 * (screen readers hear 'Loading…') or nothing, where the screen is whole without it; 'failed to load' with Retry;
 * else the content made of the data, which stays when a later refresh fails.
 */
export function QueryContent<Data>({
  query,
  loadFailed,
  skeleton,
  children,
}: {
  query: ContentQuery<Data>
  loadFailed: string
  skeleton?: ReactNode
  children: (data: Data) => ReactNode
}) {
  if (query.data !== undefined) return children(query.data)
  if (!query.isPending) return <LoadErrorAlert title={loadFailed} query={query} />
  if (skeleton === undefined) return null
  return (
    <>
      <LoadingStatus />
      {skeleton}
    </>
  )
}
