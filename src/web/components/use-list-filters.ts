import { useSearchParams } from 'react-router'
import { positionFrom, withPosition, type ListPosition } from './use-page-param'

/** The longest search the server takes; a longer one would only be refused. */
export const searchMax = 200

type Change<S extends string, X extends string> = { q?: string; status?: S } & Partial<ListPosition> & {
    [key in X]?: string | null
  }

/**
 * A list's search, status filter, position (page, and the cursor of a page reached by Next or Previous) and any
 * extra filters (`from`, `to`, …), kept in the address (?q=kigali&status=pending&page=2): reload, back and shared
 * links keep them. A status outside `statuses` reads as the first one ('all'). A new search or filter starts at
 * the first page.
 */
export function useListFilters<const S extends string, const X extends string = never>(
  statuses: readonly S[],
  extras: readonly X[] = [],
) {
  const [params, setParams] = useSearchParams()
  const raw = params.get('status')
  const status = (statuses as readonly (string | null)[]).includes(raw) ? (raw as S) : statuses[0]!
  const q = (params.get('q') ?? '').slice(0, searchMax)
  const position = positionFrom(params)
  const extra = Object.fromEntries(extras.map((name) => [name, params.get(name) ?? ''])) as Record<X, string>

  const update = (next: Change<S, X>, options?: { replace?: boolean }) =>
    setParams((current) => {
      const nextQ = (next.q ?? q).trim()
      const nextStatus = next.status ?? status
      const changedExtras = extras.filter((name) => name in next && (next[name] ?? '') !== extra[name])
      const isNewQuery = nextQ !== q.trim() || nextStatus !== status || changedExtras.length > 0
      const nextPosition: ListPosition = isNewQuery
        ? { page: 1 }
        : next.page !== undefined
          ? { page: next.page, after: next.after, before: next.before }
          : position
      const query = withPosition(current, nextPosition)
      if (nextQ) query.set('q', nextQ)
      else query.delete('q')
      if (nextStatus === statuses[0]) query.delete('status')
      else query.set('status', nextStatus)
      for (const name of changedExtras) {
        const value = next[name]
        if (value) query.set(name, value)
        else query.delete(name)
      }
      return query
    }, options)

  // A search or a status other than the first is on: the empty state then offers to show everything.
  const isFiltered = q.trim() !== '' || status !== statuses[0]
  const showAll = isFiltered ? () => update({ q: '', status: statuses[0] }) : undefined

  return { q, status, statuses, ...position, ...extra, update, showAll }
}
