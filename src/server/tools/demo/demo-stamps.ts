/**
 * The story's moments, and the audit history with them: each action runs now, and the moment the story
 * gives it is noted here; at the end every noted row, and every audit entry (by the request id its action ran
 * under), is moved to its moment in one transaction (demo-marketplace.ts says why).
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/** The columns the story moves, by table (each row found by its id; accounts by their user). */
const stampedColumns = {
  users: ['created_at', 'updated_at'],
  accounts: ['created_at', 'updated_at'],
  files: ['created_at'],
  vendors: ['created_at', 'updated_at', 'subscription_starts_at', 'subscription_expires_at'],
  products: ['created_at', 'updated_at'],
  variants: ['created_at', 'updated_at'],
  orders: ['created_at', 'updated_at'],
  payouts: ['requested_at', 'processed_at'],
  messages: ['created_at', 'read_at'],
} as const
type StampedTable = keyof typeof stampedColumns

/**
 * The moments the story gives its rows, noted while it plays and written at the end, in one transaction,
 * with one statement per table and column (per 500 rows). A later note for the same row and column wins:
 * the story plays in time order, so that is the latest change.
 */
export function createStamps() {
  const noted = new Map<string, Map<string, Date>>()
  const auditTimes = new Map<string, Date>()
  /** The ledger's lines and entries written between `from` and `to` (the database's clock) belong to `at`. */
  const ledgerTimes: { from: Date; to: Date; at: Date }[] = []
  const set = <T extends StampedTable>(
    table: T,
    column: (typeof stampedColumns)[T][number],
    id: string,
    at: Date,
  ) => {
    const key = `${table}.${column}`
    if (!noted.has(key)) noted.set(key, new Map())
    noted.get(key)!.set(id, at)
  }
  /** `update <table> set <column> = v.at from (values …) v where <table>.<key> = v.id`, 500 rows at a time. */
  const moves = (table: string, column: string, key: string, keyType: string, values: Map<string, Date>) =>
    [...chunks([...values], 500)].map(
      (chunk) =>
        sql`update ${sql.raw(table)} as t set ${sql.raw(column)} = v.at
            from (values ${sql.join(
              chunk.map(([id, at]) => sql`(${id}::${sql.raw(keyType)}, ${at.toISOString()}::timestamptz)`),
              sql`, `,
            )}) as v(id, at)
            where t.${sql.raw(key)} = v.id`,
    )
  return {
    set,
    /** A person's account: the user row and its credential, as of when they signed up. */
    account(userId: string, at: Date) {
      for (const column of stampedColumns.users) {
        set('users', column, userId, at)
        set('accounts', column, userId, at)
      }
    },
    audit(requestId: string, at: Date) {
      auditTimes.set(requestId, at)
    },
    /** What an action posted to the ledger while it ran (from, to) happened at its moment. */
    ledger(from: Date, to: Date, at: Date) {
      ledgerTimes.push({ from, to, at })
    },
    /**
     * Writes every noted moment. The audit trail refuses updates (migration 0001): its entries move with the
     * triggers off for this transaction only (session_replication_role), which takes a superuser; without
     * one they keep the time of the run. Says whether they moved.
     */
    async apply(db: Db): Promise<boolean> {
      const [role] = (
        (await db.execute(sql`select current_setting('is_superuser') = 'on' as ok`)) as unknown as {
          rows: { ok: boolean }[]
        }
      ).rows
      const canMoveAudit = Boolean(role?.ok)
      await db.transaction(async (tx) => {
        for (const [name, values] of noted) {
          const [table, column] = name.split('.') as [string, string]
          const key = table === 'accounts' ? 'user_id' : 'id'
          for (const statement of moves(table, column, key, 'uuid', values)) await tx.execute(statement)
        }
        if (!canMoveAudit) return
        await tx.execute(sql`set local session_replication_role = replica`)
        for (const statement of moves('audit_logs', 'created_at', 'request_id', 'text', auditTimes))
          await tx.execute(statement)
        // The ledger is append-only too (migration 0020): its lines keep their order (seq) and move to their
        // action's moment, a sale's available date with it.
        for (const chunk of chunks(ledgerTimes, 500)) {
          const windows = sql.join(
            chunk.map(
              ({ from, to, at }) =>
                sql`(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`,
            ),
            sql`, `,
          )
          await tx.execute(sql`update ledger_lines as l
            set available_at = v.at + (l.available_at - l.created_at), created_at = v.at
            from (values ${windows}) as v(starts, ends, at)
            where l.created_at between v.starts and v.ends`)
          await tx.execute(sql`update ledger_entries as e set created_at = v.at
            from (values ${windows}) as v(starts, ends, at)
            where e.created_at between v.starts and v.ends`)
        }
        // The marketplace's days follow their lines (the update ran with the triggers off).
        await tx.execute(sql`select pg_advisory_xact_lock(report_lock())`)
        await tx.execute(sql`delete from ledger_days`)
        await tx.execute(sql`insert into ledger_days select * from ledger_days_expected`)
        await tx.execute(sql`delete from ledger_shop_days`)
        await tx.execute(sql`insert into ledger_shop_days select * from ledger_shop_days_expected`)
        await tx.execute(sql`set local session_replication_role = origin`)
      })
      return canMoveAudit
    },
  }
}

function* chunks<T>(list: T[], size: number) {
  for (let start = 0; start < list.length; start += size) yield list.slice(start, start + size)
}

export type Stamps = ReturnType<typeof createStamps>
