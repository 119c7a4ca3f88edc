/**
 * The demo's sense of chance and of time: a seeded random generator (the same seed, the same story), the
 * story's clock (story time → real time, with "now" at the end of today) and the timeline that plays the
 * story's events in time order.
 */
import { DAY_MS } from '../../../shared/subscription'
import { zonedParts } from '../../lib/calendar'

export const HOUR_MS = 60 * 60 * 1000
export const OPENING_HOUR = 7
export const CLOSING_HOUR = 21

// ── Chance, from a fixed seed ──

/** mulberry32: small, fast and good enough to pick names and hours; the same seed gives the same story. */
export function randomFrom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const between = (low: number, high: number) => low + (high - low) * next()
  return {
    next,
    between,
    int: (low: number, high: number) => Math.floor(between(low, high + 1)),
    chance: (probability: number) => next() < probability,
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    weighted: <T>(list: readonly T[], weightOf: (item: T) => number) => {
      const total = list.reduce((sum, item) => sum + weightOf(item), 0)
      let left = next() * total
      for (const item of list) {
        left -= weightOf(item)
        if (left < 0) return item
      }
      return list[list.length - 1]!
    },
  }
}

export type Random = ReturnType<typeof randomFrom>

// ── The story's clock ──

/**
 * Story time is milliseconds from the start of today (negative: earlier days), in the marketplace's time
 * zone; the story's "now" is the end of today. Past days map to real time one to one (so their hours are
 * real Kigali hours); today is squeezed between midnight and the moment the command runs, its opening hours
 * kept as they are once the command runs past them (a message "this morning" is still in the morning).
 */
export function storyClock(now: Date, timeZone: string) {
  const offset = zoneOffsetMs(now, timeZone)
  const realNow = now.getTime()
  const midnight = Math.floor((realNow + offset) / DAY_MS) * DAY_MS - offset
  const today = Math.max(realNow - 60_000 - midnight, 60_000)
  const opening = OPENING_HOUR * HOUR_MS
  const squeezed = (story: number) =>
    today <= opening + HOUR_MS
      ? (story * today) / DAY_MS
      : story < opening
        ? story
        : opening + ((story - opening) * (today - opening)) / (DAY_MS - opening)
  return {
    end: DAY_MS,
    real: (story: number) => new Date(midnight + (story < 0 ? story : squeezed(story))),
  }
}

/** How far `timeZone` is ahead of UTC at `date`, in milliseconds. */
function zoneOffsetMs(date: Date, timeZone: string) {
  const { day, time } = zonedParts(date, timeZone, 'second')
  return Date.parse(`${day}T${time}Z`) - Math.floor(date.getTime() / 1000) * 1000
}

/** Events in story order (time, then the order they were planned in). */
export class Timeline {
  private events: { at: number; order: number; run: (at: number) => Promise<void> }[] = []
  private planned = 0
  constructor(private readonly end: number) {}

  /** Plans `run` at story time `at`; what would happen after the story's now is left out. */
  at(at: number, run: (at: number) => Promise<void>) {
    if (at >= this.end) return
    const event = { at, order: (this.planned += 1), run }
    let low = 0
    let high = this.events.length
    while (low < high) {
      const middle = (low + high) >> 1
      const other = this.events[middle]!
      if (other.at < at || (other.at === at && other.order < event.order)) low = middle + 1
      else high = middle
    }
    this.events.splice(low, 0, event)
  }

  async play() {
    for (let event = this.events.shift(); event; event = this.events.shift()) await event.run(event.at)
  }
}
