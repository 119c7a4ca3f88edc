import { and, asc, eq, inArray, isNull, lte, or, sql, type InferSelectModel } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './types'

/** What an outbox table (mail_outbox, sms_outbox) has for its delivery: a queue with attempts and a next try. */
type OutboxTable = PgTable & {
  id: AnyPgColumn
  status: AnyPgColumn
  attempts: AnyPgColumn
  nextAttemptAt: AnyPgColumn
  error: AnyPgColumn
  createdAt: AnyPgColumn
}

/**
 * A claimed row is held this long: a process that dies while sending leaves it to be taken again after that,
 * so a message is never lost (at worst, sent twice). Far above a batch's worst case.
 */
const CLAIM_MS = 5 * 60_000
const BATCH = 20

/** A failure as the outbox keeps it: the error's message, cut short. */
export const failureText = (error: unknown) =>
  error instanceof Error ? error.message.slice(0, 500) : 'unknown'

/** What the delivery itself reads of every row. */
type OutboxRow = { id: string; attempts: number }

export type OutboxDelivery<Row> = {
  /** Attempts before a queued row is given up as failed. */
  maxAttempts: number
  /** The wait before the next attempt, after `attempts` of them failed. */
  retryDelayMs: (attempts: number) => number
  /** Delivers one row and says what to write on it (its status, when it left); a failure throws. */
  deliver: (row: Row) => Promise<Partial<Row>>
  /** A failure that another attempt would not mend (a refused number): the row is given up at once. */
  isFinal?: (error: unknown) => boolean
  /** Logs a failed attempt, `isLast` when the row is given up. */
  logFailure: (row: Row, error: unknown, failure: { attempts: number; isLast: boolean }) => void
}

/**
 * Delivers the rows queued by committed changes, batch after batch until none is due; returns how many left the
 * queue. Every process may run it at once: a claimed batch is locked past the others (SKIP LOCKED), and a failed
 * row waits for its next attempt, up to the last.
 */
export async function deliverOutbox<T extends OutboxTable>(
  db: Db,
  outbox: T,
  delivery: OutboxDelivery<InferSelectModel<T>>,
): Promise<number> {
  type Row = InferSelectModel<T> & OutboxRow
  const table: OutboxTable = outbox
  const update = (row: Row, values: Record<string, unknown>) =>
    db.update(table).set(values).where(eq(table.id, row.id))

  /** Takes a batch of due rows, pushing each one's next attempt past the claim so no other process takes it. */
  const claim = () =>
    db.transaction(async (tx) => {
      // Drizzle cannot infer the row type of a table given as a type parameter: it is that table's select model.
      const due = (await tx
        .select()
        .from(table)
        .where(
          and(
            eq(table.status, 'queued'),
            or(isNull(table.nextAttemptAt), lte(table.nextAttemptAt, sql`now()`)),
          ),
        )
        .orderBy(asc(table.createdAt))
        .limit(BATCH)
        .for('update', { skipLocked: true })) as Row[]
      if (due.length === 0) return due
      await tx
        .update(table)
        .set({ attempts: sql`${table.attempts} + 1`, nextAttemptAt: new Date(Date.now() + CLAIM_MS) })
        .where(
          inArray(
            table.id,
            due.map((row) => row.id),
          ),
        )
      return due
    })

  let delivered = 0
  for (let batch = await claim(); batch.length > 0; batch = await claim()) {
    for (const row of batch) {
      const attempts = row.attempts + 1
      try {
        await update(row, { ...(await delivery.deliver(row)), error: null })
        delivered += 1
      } catch (error) {
        const isLast = (delivery.isFinal?.(error) ?? false) || attempts >= delivery.maxAttempts
        delivery.logFailure(row, error, { attempts, isLast })
        await update(
          row,
          isLast
            ? { status: 'failed', error: failureText(error) }
            : {
                error: failureText(error),
                nextAttemptAt: new Date(Date.now() + delivery.retryDelayMs(attempts)),
              },
        )
      }
    }
  }
  return delivered
}
