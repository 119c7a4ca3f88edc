import { productStatuses } from '../../../shared/constants'
import { isCalendarDay } from '../../../shared/schemas/day-range'
import { stockFilters, type StockFilter } from '../../../shared/schemas/product'
import { kigaliToday } from '../../components/day-range'
import { useListFilters } from '../../components/use-list-filters'

export { kigaliToday }

export const productStatusFilters = ['all', ...productStatuses] as const

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

/**
 * Search, status, created-date range, stock and page, kept in the address
 * (?q=kitenge&status=pending&from=2026-03-01&stock=low): reload, back and shared links keep them; a shared link's
 * range is read within today's bounds.
 */
export function useProductFilters() {
  const filters = useListFilters(productStatusFilters, ['from', 'to', 'stock'])
  const today = kigaliToday()
  const { from, to } = validRange({ from: filters.from || null, to: filters.to || null }, today)
  const stock: StockFilter = stockFilters.find((value) => value === filters.stock) ?? 'all'
  return {
    q: filters.q,
    status: filters.status,
    page: filters.page,
    after: filters.after,
    before: filters.before,
    from,
    to,
    stock,
    today,
    update: filters.update,
  }
}
