import { and, gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { DayRange } from '../../shared/schemas/day-range'

/**
 * Dates on the marketplace's calendar and clock (TIME_ZONE, Africa/Kigali by default): the day a report ends,
 * a vendor's "today", the times in a CSV.
 */

/**
 * One formatter per time zone and precision, made once: making one costs about 25 times what formatting a date
 * with it does, and an export formats a date on each of up to a million rows (to the minute: the seconds, which
 * only the fake providers' statements and the demo's clock read, would cost that export more).
 */
type Precision = 'minute' | 'second'
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatterFor(timeZone: string, precision: Precision) {
  const key = `${precision} ${timeZone}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      ...(precision === 'second' ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
    })
    formatters.set(key, formatter)
  }
  return formatter
}

/** 'YYYY-MM-DD' and 'HH:MM' (to the `second`: 'HH:MM:SS') of `date` on the calendar and clock of `timeZone`. */
export function zonedParts(date: Date, timeZone: string, precision: Precision = 'minute') {
  const parts = formatterFor(timeZone, precision).formatToParts(date)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const minute = `${part('hour')}:${part('minute')}`
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    time: precision === 'second' ? `${minute}:${part('second')}` : minute,
  }
}

/** 'YYYY-MM-DD': the day of `date` on the calendar of `timeZone`. */
export const calendarDay = (date: Date, timeZone: string) => zonedParts(date, timeZone).day

/**
 * The start of `day` (YYYY-MM-DD) `plusDays` later, on the calendar of `timeZone`, as an instant: read once by the
 * database for the statement, so a date filter bounds the time column's index (a range scan) instead of
 * converting every row's time to a day.
 */
export const dayStart = (day: string, timeZone: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::integer)::timestamp at time zone ${timeZone})`

/**
 * Rows whose `time` falls on the days from `from` to `to` of `timeZone`, both included: from the midnight that
 * starts `from` to the midnight that ends `to` (excluded). Either end may be open; none is no filter.
 */
export function withinDays(time: AnyColumn, { from, to }: DayRange, timeZone: string): SQL | undefined {
  return and(
    from ? gte(time, dayStart(from, timeZone)) : undefined,
    to ? lt(time, dayStart(to, timeZone, 1)) : undefined,
  )
}
