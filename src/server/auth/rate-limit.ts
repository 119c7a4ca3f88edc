import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { AppError } from '../lib/errors'

/**
 * A fixed-window counter kept in PostgreSQL, so every app process behind a load balancer shares it.
 * One statement counts and reads, so concurrent attempts cannot slip past the limit.
 */
export async function hitRateLimit(db: Db, key: string, max: number, windowMs: number) {
  const result = await db.execute<{ count: number; window_start: string }>(sql`
    insert into rate_limits as r (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when r.window_start < now() - make_interval(secs => ${windowMs / 1000}) then 1 else r.count + 1 end,
      window_start = case when r.window_start < now() - make_interval(secs => ${windowMs / 1000}) then now() else r.window_start end
    returning count, window_start`)
  const row = (result as unknown as { rows: { count: number; window_start: string | Date }[] }).rows[0]!
  if (row.count > max) {
    const retryAfter = Math.max(
      1,
      Math.ceil((new Date(row.window_start).getTime() + windowMs - Date.now()) / 1000),
    )
    throw new AppError('RATE_LIMITED', 'errors.rateLimited', { seconds: retryAfter })
  }
}

/**
 * Gives back one hit counted by `hitRateLimit` (an attempt that turned out not to be one the limit is about,
 * such as a sign-in with the right password). The hit is taken before the attempt and given back after it, so
 * simultaneous attempts still meet the limit while they run; the count never drops below 0.
 */
export async function releaseRateLimit(db: Db, key: string) {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`)
}

/** Forgets a key's count (an account's failed sign-ins once it signs in). */
export async function resetRateLimit(db: Db, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${key}`)
}
