import { defaultTimeZone } from '../../shared/constants'
import { isCalendarDay, lastDays } from '../../shared/schemas/day-range'
import { reportRanges } from '../../shared/schemas/report'

const kigaliDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: defaultTimeZone,
})

/** Today on Kigali's calendar (YYYY-MM-DD): the server reads the date filters' days in that zone. */
export function kigaliToday(now = new Date()): string {
  const parts = Object.fromEntries(kigaliDay.formatToParts(now).map((part) => [part.type, part.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

/**
 * A list's period: every date, the last 7, 30, 90 or 365 days (the report's ranges, so "the last 30 days" means the
 * same days on every screen), or days the reader chooses.
 */
export const dayRangeChoices = [
  'all',
  ...reportRanges.map((days) => String(days) as `${typeof days}`),
  'custom',
] as const
export type DayRangeChoice = (typeof dayRangeChoices)[number]

/** The period as the address holds it: `?days=30`, or `?days=custom&from=2026-03-01&to=2026-03-31`. */
export type DayRangeAddress = { days: string; from: string; to: string }

/** The period chosen, and the days the list asks the server for (null: that end is open). */
export type DayRangeState = { choice: DayRangeChoice; from: string | null; to: string | null }

/**
 * The period of an address, read against `today`: a preset is the last so many days ending today (so a link or a
 * reload tomorrow means tomorrow's last 30 days); chosen days are kept when they exist, a start after the end
 * dropped (the server would refuse the pair); anything else is every date.
 */
export function readDayRange({ days, from, to }: DayRangeAddress, today: string): DayRangeState {
  const preset = reportRanges.find((range) => String(range) === days)
  if (preset) return { choice: String(preset) as DayRangeChoice, ...lastDays(preset, today) }
  if (days !== 'custom') return { choice: 'all', from: null, to: null }
  const day = (value: string) => (isCalendarDay(value) ? value : null)
  const end = day(to)
  const start = day(from)
  return { choice: 'custom', from: start && (!end || start <= end) ? start : null, to: end }
}

/** What changes the period in the address: the choice, and with `custom`, its days ('' or null clears one). */
export type DayRangeChange = { days?: string | null; from?: string | null; to?: string | null }

/** The period's part of a list's query: only the ends that are set. */
export const dayRangeQuery = ({ from, to }: DayRangeState) => ({
  ...(from ? { from } : {}),
  ...(to ? { to } : {}),
})

/** Whether the period narrows the list (the empty state then offers to show everything). */
export const isDayRangeOn = ({ from, to }: DayRangeState) => from !== null || to !== null

/** The address without a period: every date again. */
export const allDates: DayRangeChange = { days: null, from: null, to: null }
