import { z } from 'zod'

/**
 * Days on the marketplace's calendar (Africa/Kigali unless TIME_ZONE says otherwise) as the lists' date filters
 * send them: `?from=2026-03-01&to=2026-03-31`, both days included. The server turns each day into the instants
 * where it starts and ends in that zone (server/lib/calendar.ts), so a day means what the reader's clock says.
 */

/** Whether YYYY-MM-DD names a day that exists (not 2026-02-30, not year 0), as PostgreSQL's date type requires. */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  )
}

/**
 * A calendar day in a query (YYYY-MM-DD). A day that does not exist is refused here with `message`: the database
 * would otherwise fail on it with a 500.
 */
export const calendarDay = (message: string) =>
  z
    .string()
    .refine(isCalendarDay, { error: message })
    // A full-date (RFC 3339) from the year 1: PostgreSQL has no year 0.
    .meta({ format: 'date', pattern: '^(?!0000)\\d{4}-\\d{2}-\\d{2}$' })

/** `?from=&to=` of a list, its CSV export and its count: either end may be left open. */
export const dayRangeFields = {
  from: calendarDay('errors.dateInvalid')
    .optional()
    .meta({
      description:
        "The first day kept (YYYY-MM-DD, on the marketplace's calendar, Africa/Kigali by default), from its midnight. " +
        'A day that does not exist is 422 errors.dateInvalid.',
      examples: ['2026-03-01'],
    }),
  to: calendarDay('errors.dateInvalid')
    .optional()
    .meta({
      description:
        'The last day kept, to its end (the next midnight excluded). Before `from` is 422 errors.dateRangeReversed.',
      examples: ['2026-03-31'],
    }),
}

export type DayRange = { from?: string | undefined; to?: string | undefined }

/**
 * A query with `from` and `to` (dayRangeFields), refusing a range that ends before it starts: it would only
 * ever list nothing, which reads as "no orders" rather than as the mistake it is. Applied last: an object refined
 * this way is not extended any further.
 */
export const withDayRange = <Schema extends z.ZodType<DayRange>>(schema: Schema) =>
  schema.superRefine((range, ctx) => {
    if (range.from && range.to && range.from > range.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'errors.dateRangeReversed' })
    }
  })

/** 'YYYY-MM-DD' `offset` calendar days after `day` (before, when negative). */
export function addDays(day: string, offset: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + offset)
  return date.toISOString().slice(0, 10)
}

/** The last `days` calendar days ending `today`, today included (the report's ranges, reports.service.ts). */
export const lastDays = (days: number, today: string) => ({ from: addDays(today, 1 - days), to: today })
