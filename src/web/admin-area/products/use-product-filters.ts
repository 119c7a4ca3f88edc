import { useSearchParams } from 'react-router'
import { defaultTimeZone, productStatuses } from '../../../shared/constants'
import { isCalendarDay } from '../../../shared/schemas/product'
import type { AdminProductStatusFilter } from '../../api/admin-products'
import { pageFrom, withPage } from '../../components/use-page-param'

export const productStatusFilters = ['all', ...productStatuses] as const

const isStatusFilter = (value: string | null): value is AdminProductStatusFilter =>
  (productStatusFilters as readonly (string | null)[]).includes(value)

/** The longest search the server takes; a longer one would only be refused. */
export const searchMax = 200

const kigaliDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: defaultTimeZone,
})

/** Today on Kigali's calendar (YYYY-MM-DD): the server reads the date filter's days in that zone. */
export function kigaliToday(now = new Date()): string {
  const parts = Object.fromEntries(kigaliDay.formatToParts(now).map((part) => [part.type, part.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

export type DateRange = { from: string | null; to: string | null }

/**
 * The date range as the list may use it (admin §2: the to date is capped at today): a day that does not exist is
 * dropped, a `to` after today becomes today, and a `from` after `to` (or after today) is dropped.
 */
export function validRange(range: DateRange, today: string): DateRange {
  const day = (value: string | null) => (value && isCalendarDay(value) ? value : null)
  const to = day(range.to)
  const cappedTo = to && to > today ? today : to
  const from = day(range.from)
  return { from: from && from <= (cappedTo ?? today) ? from : null, to: cappedTo }
}

type Next = { q?: string; status?: AdminProductStatusFilter; from?: string | null; to?: string | null; page?: number }

/**
 * Search, status, created-date range and page live in the address (?q=kitenge&status=pending&from=2026-03-01):
 * reload, back and shared links keep them. A new search or filter starts at its first page.
 */
export function useProductFilters() {
  const [params, setParams] = useSearchParams()
  const raw = params.get('status')
  const status: AdminProductStatusFilter = isStatusFilter(raw) ? raw : 'all'
  const q = (params.get('q') ?? '').slice(0, searchMax)
  const today = kigaliToday()
  const { from, to } = validRange({ from: params.get('from'), to: params.get('to') }, today)
  const page = pageFrom(params)
  const update = (next: Next, options?: { replace?: boolean }) =>
    setParams((current) => {
      const nextQ = next.q ?? q
      const nextStatus = next.status ?? status
      const nextFrom = next.from === undefined ? from : next.from
      const nextTo = next.to === undefined ? to : next.to
      const isNewQuery =
        nextQ.trim() !== q.trim() || nextStatus !== status || nextFrom !== from || nextTo !== to
      const query = withPage(current, isNewQuery ? 1 : (next.page ?? page))
      const set = (key: string, value: string | null) =>
        value ? query.set(key, value) : query.delete(key)
      set('q', nextQ.trim() ? nextQ : null)
      set('status', nextStatus === 'all' ? null : nextStatus)
      set('from', nextFrom)
      set('to', nextTo)
      return query
    }, options)
  return { q, status, from, to, today, page, update }
}
