import { useSearchParams } from 'react-router'

/**
 * Where a list is: its page number, and, for a page reached by Next or Previous past the counted rows, the
 * cursor it starts after or ends before (the list's nextCursor or previousCursor). The number then only names
 * the page; the cursor says which rows it holds, so page 2,000 costs what page 2 costs.
 */
export type ListPosition = { page: number; after?: string; before?: string }

/** A whole page number ≥ 1 from the address; anything else is page 1. */
export const pageFrom = (params: URLSearchParams) => Math.max(1, Math.floor(Number(params.get('page')) || 1))

/** The list's position in the address (?page=3&after=…); a cursor without a page number is ignored. */
export function positionFrom(params: URLSearchParams): ListPosition {
  const page = pageFrom(params)
  const after = params.get('after') || undefined
  const before = params.get('before') || undefined
  if (page === 1) return { page }
  return after ? { page, after } : before ? { page, before } : { page }
}

/** Writes a position into a copy of the query; page 1 is the address without a page or cursor. */
export function withPosition(params: URLSearchParams, position: ListPosition) {
  const query = new URLSearchParams(params)
  for (const name of ['page', 'after', 'before']) query.delete(name)
  if (position.page > 1) {
    query.set('page', String(position.page))
    if (position.after) query.set('after', position.after)
    else if (position.before) query.set('before', position.before)
  }
  return query
}

/** Writes `page` into a copy of the query (a numbered page: no cursor); page 1 is the address without it. */
export const withPage = (params: URLSearchParams, page: number) => withPosition(params, { page })

/** The list's position lives in the address (?page=2): reload, back and shared links keep it. */
export function usePageParam() {
  const [params, setParams] = useSearchParams()
  const setPosition = (position: ListPosition, options?: { replace?: boolean }) =>
    setParams((current) => withPosition(current, position), options)
  return [positionFrom(params), setPosition] as const
}
