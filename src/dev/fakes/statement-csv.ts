import { zonedParts } from '../../server/lib/calendar'

/**
 * What the fakes share to write a statement, as each provider's portal exports one (`GET /_fake/statement.csv`): the
 * period asked for, times written on a zone's clock, and CSV lines. Each fake writes its own provider's columns
 * (mtn-fake.ts, airtel-fake.ts, pawapay-fake.ts), on purpose apart from the server's reading of them
 * (src/server/payments/statement-layouts.ts): a test that reconciles a fake's statement checks the one against the
 * other.
 */

/** 'YYYY-MM-DD HH:MM:SS' on the clock of `timeZone`. */
export function wallClock(iso: string, timeZone: string): string {
  const { day, time } = zonedParts(new Date(iso), timeZone, 'second')
  return `${day} ${time}`
}

/** The instant midnight starts `day` on the clock of `timeZone`. */
function dayStart(day: string, timeZone: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`)
  let instant = wall
  for (let pass = 0; pass < 2; pass += 1) {
    const shown = Date.parse(`${wallClock(new Date(instant).toISOString(), timeZone).replace(' ', 'T')}Z`)
    instant = wall - (shown - instant)
  }
  return instant
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value)

/** A statement's period: from `from` (included) to `to` (excluded), in milliseconds since 1970. */
type Period = { from: number; to: number }

/**
 * `?from=&to=` of a statement: days (YYYY-MM-DD, both included, on the clock of `timeZone`, as the provider's portal
 * picks them) or instants (ISO, `to` excluded); either may be left out. Null when one is neither.
 */
export function statementPeriod(query: URLSearchParams, timeZone: string): Period | null {
  const end = (value: string | null, isTo: boolean): number | null => {
    if (value === null || value === '') return isTo ? Infinity : -Infinity
    if (isDay(value)) {
      const start = dayStart(value, timeZone)
      if (Number.isNaN(start)) return null
      return isTo
        ? dayStart(
            new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
            timeZone,
          )
        : start
    }
    const instant = Date.parse(value)
    return Number.isNaN(instant) ? null : instant
  }
  const from = end(query.get('from'), false)
  const to = end(query.get('to'), true)
  return from === null || to === null ? null : { from, to }
}

/** Of `records`, those recorded within `period` (`recordedAt`: when, ISO), oldest first: a statement's lines. */
export function recordedWithin<T>(period: Period, records: T[], recordedAt: (record: T) => string): T[] {
  return records
    .filter((record) => {
      const at = Date.parse(recordedAt(record))
      return at >= period.from && at < period.to
    })
    .sort((a, b) => recordedAt(a).localeCompare(recordedAt(b)))
}

/** One CSV line: a field is quoted when it must be (a comma, a quote, a line break) or when `quoteAll` says so. */
export function csvLine(
  values: readonly (string | number)[],
  options: { quoteAll?: boolean; eol?: string } = {},
) {
  const fields = values.map((value) => {
    const text = String(value)
    return options.quoteAll || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
  })
  return fields.join(',') + (options.eol ?? '\r\n')
}
