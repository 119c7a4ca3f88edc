import { useSearchParams } from 'react-router'

/** A whole page number ≥ 1 from the address; anything else is page 1. */
export const pageFrom = (params: URLSearchParams) => Math.max(1, Math.floor(Number(params.get('page')) || 1))

/** Writes `page` into a copy of the query; page 1 is the address without it. */
export function withPage(params: URLSearchParams, page: number) {
  const query = new URLSearchParams(params)
  if (page <= 1) query.delete('page')
  else query.set('page', String(page))
  return query
}

/** The list page lives in the address (?page=2): reload, back and shared links keep it. */
export function usePageParam() {
  const [params, setParams] = useSearchParams()
  const setPage = (page: number) => setParams((current) => withPage(current, page))
  return [pageFrom(params), setPage] as const
}
