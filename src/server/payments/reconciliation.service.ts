import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { PaymentProviderName, ReconciliationKind } from '../../shared/payments'
import { reconciliationKinds } from '../../shared/payments'
import { addDays } from '../../shared/schemas/day-range'
import type {
  ReconciliationItemDto,
  ReconciliationRunDetailsDto,
  ReconciliationRunDto,
  ReconciliationRunList,
  StatementImportInput,
} from '../../shared/schemas/reconciliation'
import type { Db, Tx } from '../db/client'
import { moneyTransfers, reconciliationItems, reconciliationRuns, users, vendors } from '../db/schema'
import { recordAudit, recordSystemAudit } from '../audit/record-audit'
import { calendarDay, dayStart } from '../lib/calendar'
import { AppError, isUuid, notFound } from '../lib/errors'
import type { AdminScope } from '../lib/scope'
import { queueMail } from '../mail/mail.service'
import { notify } from '../realtime/events'
import { ProviderProtocolError, ProviderUnavailableError, type TransferState } from './provider'
import { reconciliationMail } from './reconciliation-mail'
import { parseStatement, zonedDayStart, type StatementRow } from './statement-layouts'
import type { PaymentsContext, Transfer } from './transfers.service'

/**
 * Reconciliation (docs/payments.md): what a provider says it paid, set against what Isoko shows as paid. Three
 * kinds of difference, each a line of the run:
 * - missing_in_isoko: the provider says the money moved, and Isoko does not show that transfer as paid (or does
 *   not know the reference at all, or the provider moved it twice);
 * - missing_at_provider: Isoko shows a transfer as paid that the provider's statement lacks, or lists as not
 *   successful;
 * - amount_differs: both say paid, with different amounts.
 * A run is stored with its lines in one transaction, with its audit entry: imported by an admin, or made by the
 * daily check (once per provider and day, whatever the number of processes), which mails every admin when it
 * finds a difference.
 */

/** The payments context and the marketplace's calendar, whose days a run covers. */
export type ReconciliationContext = PaymentsContext & { timeZone: string }

/** A statement the daily check can read for a provider's day (for the fakes: their /_fake/statement.csv). */
export type StatementFetcher = (
  provider: PaymentProviderName,
  period: { day: string; from: Date; to: Date },
) => Promise<{ csv: string; fileName: string } | null>

/** What was compared, as a run stores it. */
export type StatementRun = {
  provider: PaymentProviderName
  fromDay: string
  toDay: string
  fileName: string | null
  rows: readonly StatementRow[]
}

type NewItem = Omit<typeof reconciliationItems.$inferInsert, 'runId' | 'id'> & { kind: ReconciliationKind }
type Comparison = { lines: number; matched: number; items: NewItem[] }

/** Where the daily check's mail sends an admin: the payouts screen's reconciliation tab. */
const reconciliationLink = (publicUrl: string) => `${publicUrl}/admin/payouts?tab=reconciliation`

/** The system name the daily check's audit entries carry. */
const DAILY_CHECK = 'reconciliation:daily'

/**
 * The daily check asks for the statement until this long after its day ends: a transfer sent just before midnight
 * may be recorded by the provider just after it.
 */
const STATEMENT_SLACK_MS = 15 * 60_000

/** Rows per query or insert: far inside PostgreSQL's 65,535 parameters. */
const CHUNK = 1_000

const chunks = <T>(values: readonly T[]) =>
  Array.from({ length: Math.ceil(values.length / CHUNK) }, (_, at) =>
    values.slice(at * CHUNK, (at + 1) * CHUNK),
  )

type TransferSummary = Pick<Transfer, 'id' | 'status' | 'amount' | 'providerTransactionId' | 'direction'>

const summaryColumns = {
  id: moneyTransfers.id,
  status: moneyTransfers.status,
  amount: moneyTransfers.amount,
  providerTransactionId: moneyTransfers.providerTransactionId,
  direction: moneyTransfers.direction,
}

/**
 * When a transfer left Isoko: when it was first sent, or when it was queued for one never sent. A payout approved
 * on Monday may be sent with Wednesday's batch, and the provider's statement dates it Wednesday: the days of a run
 * are the days transfers were sent, so Monday's run does not miss it.
 */
const leftIsoko = sql`coalesce(${moneyTransfers.sentAt}, ${moneyTransfers.createdAt})`

const leftWithin = (fromDay: string, toDay: string, timeZone: string) =>
  and(
    sql`${leftIsoko} >= ${dayStart(fromDay, timeZone)}`,
    sql`${leftIsoko} < ${dayStart(toDay, timeZone, 1)}`,
  )

/** The provider's transfers a statement names, by our reference or by the provider's transaction id. */
async function transfersNamed(db: Db, provider: PaymentProviderName, rows: readonly StatementRow[]) {
  const names = [
    {
      column: moneyTransfers.id,
      values: rows.map((row) => row.reference).filter((ref): ref is string => !!ref && isUuid(ref)),
    },
    {
      column: moneyTransfers.providerTransactionId,
      values: rows.map((row) => row.providerTransactionId).filter((id): id is string => !!id),
    },
  ]
  const found = new Map<string, TransferSummary>()
  for (const { column, values } of names) {
    for (const part of chunks([...new Set(values)])) {
      const rowsFound = await db
        .select(summaryColumns)
        .from(moneyTransfers)
        .where(and(eq(moneyTransfers.provider, provider), inArray(column, part)))
      for (const transfer of rowsFound) found.set(transfer.id, transfer)
    }
  }
  return [...found.values()]
}

/** Isoko's transfers through `provider` that it shows as paid, sent on the days of the run. */
function paidWithin(
  db: Db,
  run: { provider: PaymentProviderName; fromDay: string; toDay: string },
  timeZone: string,
) {
  return db
    .select(summaryColumns)
    .from(moneyTransfers)
    .where(
      and(
        eq(moneyTransfers.provider, run.provider),
        eq(moneyTransfers.status, 'paid'),
        leftWithin(run.fromDay, run.toDay, timeZone),
      ),
    )
}

/**
 * The statement's lines set against Isoko's transfers. A successful line finds its transfer by our reference, else
 * by the provider's transaction id (a line written by hand in the portal may carry only that one). Lines that are
 * not successful are read (counted) and compared with nothing: what matters of them is that they do not pay a
 * transfer Isoko shows as paid.
 */
function compareStatement(
  rows: readonly StatementRow[],
  named: readonly TransferSummary[],
  paid: readonly TransferSummary[],
): Comparison {
  const byReference = new Map(named.map((transfer) => [transfer.id, transfer]))
  const byTransactionId = new Map(
    named.filter((transfer) => transfer.providerTransactionId).map((t) => [t.providerTransactionId!, t]),
  )
  const claimed = new Set<string>()
  const items: NewItem[] = []
  let matched = 0
  for (const row of rows) {
    if (!row.isSuccessful) continue
    const transfer =
      (row.reference ? byReference.get(row.reference) : undefined) ??
      (row.providerTransactionId ? byTransactionId.get(row.providerTransactionId) : undefined)
    const line = {
      reference: row.reference ?? transfer?.id ?? null,
      providerTransactionId: row.providerTransactionId,
      providerAmount: row.amount,
    }
    if (!transfer) {
      items.push({ kind: 'missing_in_isoko', ...line, transferId: null, isokoAmount: null })
      continue
    }
    const about = { ...line, transferId: transfer.id, isokoAmount: transfer.amount }
    // A second successful line for one transfer: the provider moved the money twice, Isoko once.
    if (claimed.has(transfer.id) || transfer.status !== 'paid') {
      claimed.add(transfer.id)
      items.push({ kind: 'missing_in_isoko', ...about })
      continue
    }
    claimed.add(transfer.id)
    if (transfer.amount !== row.amount) items.push({ kind: 'amount_differs', ...about })
    else matched += 1
  }
  for (const transfer of paid) {
    if (claimed.has(transfer.id)) continue
    items.push({
      kind: 'missing_at_provider',
      reference: transfer.id,
      providerTransactionId: transfer.providerTransactionId,
      transferId: transfer.id,
      isokoAmount: transfer.amount,
      providerAmount: null,
    })
  }
  return { lines: rows.length, matched, items }
}

/**
 * Stores a run and its lines, with its audit entry, in one transaction. For the daily check (`by` null) the
 * provider's day is taken under a lock first: when a run of the check for it is already there (another process,
 * an earlier round), nothing is stored and null comes back; otherwise, a run with differences queues the mail to
 * every admin in the same transaction, so it goes exactly when the run is stored.
 */
async function saveRun(
  ctx: ReconciliationContext,
  by: AdminScope | null,
  run: Omit<StatementRun, 'rows'>,
  comparison: Comparison,
): Promise<string | null> {
  return ctx.db.transaction(async (tx) => {
    if (!by) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`reconciliation:${run.provider}:${run.fromDay}`}))`,
      )
      if (await hasDailyRun(tx, run.provider, run.fromDay)) return null
    }
    const [stored] = await tx
      .insert(reconciliationRuns)
      .values({
        provider: run.provider,
        fromDay: run.fromDay,
        toDay: run.toDay,
        fileName: run.fileName,
        lines: comparison.lines,
        matched: comparison.matched,
        differences: comparison.items.length,
        createdBy: by?.userId ?? null,
      })
      .returning({ id: reconciliationRuns.id })
    const runId = stored!.id
    for (const part of chunks(comparison.items)) {
      await tx.insert(reconciliationItems).values(part.map((item) => ({ ...item, runId })))
    }
    const counts = countKinds(comparison.items)
    const entry = {
      action: 'create' as const,
      targetTable: 'reconciliation_runs',
      targetId: runId,
      newValues: {
        provider: run.provider,
        from_day: run.fromDay,
        to_day: run.toDay,
        lines: comparison.lines,
        matched: comparison.matched,
        differences: comparison.items.length,
      },
      details: { file_name: run.fileName, ...counts },
    }
    if (by) await recordAudit(tx, { ...entry, by })
    else {
      await recordSystemAudit(tx, { ...entry, system: DAILY_CHECK })
      if (comparison.items.length > 0) await mailAdmins(tx, ctx.publicUrl, run.provider, run.fromDay, counts)
    }
    await notify(tx, { topic: 'payouts', id: runId })
    return runId
  })
}

const hasDailyRun = async (db: Tx, provider: PaymentProviderName, day: string) => {
  const [found] = await db
    .select({ id: reconciliationRuns.id })
    .from(reconciliationRuns)
    .where(
      and(
        eq(reconciliationRuns.provider, provider),
        eq(reconciliationRuns.fromDay, day),
        eq(reconciliationRuns.toDay, day),
        isNull(reconciliationRuns.createdBy),
      ),
    )
    .limit(1)
  return Boolean(found)
}

const countKinds = (items: readonly { kind: ReconciliationKind }[]) =>
  Object.fromEntries(
    reconciliationKinds.map((kind) => [kind, items.filter((item) => item.kind === kind).length]),
  ) as Record<ReconciliationKind, number>

/** One mail to each admin (every user with the admin role), in their language. */
async function mailAdmins(
  tx: Tx,
  publicUrl: string,
  provider: PaymentProviderName,
  day: string,
  counts: Record<ReconciliationKind, number>,
) {
  const admins = await tx
    .select({ email: users.email, name: users.fullName, language: users.language })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.createdAt, users.id)
  for (const admin of admins) {
    await queueMail(
      tx,
      reconciliationMail({
        to: admin.email,
        ...admin,
        provider,
        day,
        counts,
        link: reconciliationLink(publicUrl),
      }),
    )
  }
}

/**
 * Reconciles a statement's lines with Isoko's transfers through that provider on those days (in the marketplace's
 * time zone), and stores the run: by `admin`, or, with none, as the daily check (null when the check already
 * stored that provider's day).
 */
export async function reconcileStatement(
  ctx: ReconciliationContext,
  admin: AdminScope | null,
  run: StatementRun,
): Promise<ReconciliationRunDetailsDto | null> {
  const [named, paid] = await Promise.all([
    transfersNamed(ctx.db, run.provider, run.rows),
    paidWithin(ctx.db, run, ctx.timeZone),
  ])
  const runId = await saveRun(ctx, admin, run, compareStatement(run.rows, named, paid))
  return runId ? getReconciliationRun(ctx, runId) : null
}

/** An admin's import: the statement's CSV read in its provider's layout (statement-layouts.ts), then reconciled. */
export async function importStatement(
  ctx: ReconciliationContext,
  admin: AdminScope,
  input: StatementImportInput,
): Promise<ReconciliationRunDetailsDto> {
  const { rows } = await parseStatement(input.provider, input.csv, { timeZone: ctx.timeZone })
  const run = await reconcileStatement(ctx, admin, {
    provider: input.provider,
    fromDay: input.fromDay,
    toDay: input.toDay,
    fileName: input.fileName ?? `${input.provider}-statement.csv`,
    rows,
  })
  return run!
}

// ── Reading runs back ──

type RunRow = typeof reconciliationRuns.$inferSelect & { createdByName: string | null }

const runColumns = {
  id: reconciliationRuns.id,
  provider: reconciliationRuns.provider,
  fromDay: reconciliationRuns.fromDay,
  toDay: reconciliationRuns.toDay,
  fileName: reconciliationRuns.fileName,
  lines: reconciliationRuns.lines,
  matched: reconciliationRuns.matched,
  differences: reconciliationRuns.differences,
  createdBy: reconciliationRuns.createdBy,
  createdAt: reconciliationRuns.createdAt,
  createdByName: users.fullName,
}

async function kindCounts(db: Db, runIds: string[]) {
  if (runIds.length === 0) return new Map<string, Record<ReconciliationKind, number>>()
  const rows = await db
    .select({
      runId: reconciliationItems.runId,
      kind: reconciliationItems.kind,
      count: sql<number>`count(*)::int`,
    })
    .from(reconciliationItems)
    .where(inArray(reconciliationItems.runId, runIds))
    .groupBy(reconciliationItems.runId, reconciliationItems.kind)
  const counts = new Map<string, Record<ReconciliationKind, number>>()
  for (const id of runIds) counts.set(id, countKinds([]))
  for (const row of rows) counts.get(row.runId)![row.kind] = row.count
  return counts
}

function toRunDto(row: RunRow, counts: Record<ReconciliationKind, number>): ReconciliationRunDto {
  return {
    id: row.id,
    provider: row.provider,
    fromDay: row.fromDay,
    toDay: row.toDay,
    fileName: row.fileName,
    // The daily check without a statement asks the provider transfer by transfer, and names no file.
    method: row.fileName === null ? 'status_sweep' : 'statement',
    lines: row.lines,
    matched: row.matched,
    differences: row.differences,
    counts,
    createdBy: row.createdBy,
    createdByName: row.createdBy ? row.createdByName : null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The latest runs, newest first (the admin's reconciliation tab and the dashboard's latest check). */
export async function listReconciliationRuns(
  ctx: Pick<ReconciliationContext, 'db'>,
  options: { limit?: number } = {},
): Promise<ReconciliationRunList> {
  const rows = await ctx.db
    .select(runColumns)
    .from(reconciliationRuns)
    .leftJoin(users, eq(users.id, reconciliationRuns.createdBy))
    .orderBy(desc(reconciliationRuns.createdAt), desc(reconciliationRuns.id))
    .limit(options.limit ?? 20)
  const counts = await kindCounts(
    ctx.db,
    rows.map((row) => row.id),
  )
  return { items: rows.map((row) => toRunDto(row, counts.get(row.id)!)) }
}

const kindOrder = sql`array_position(array['missing_in_isoko', 'missing_at_provider', 'amount_differs']::text[], ${reconciliationItems.kind})`

/** A run with its lines, each with its transfer's shop when Isoko knows the transfer. */
export async function getReconciliationRun(
  ctx: Pick<ReconciliationContext, 'db'>,
  runId: string,
): Promise<ReconciliationRunDetailsDto> {
  if (!isUuid(runId)) throw notFound()
  const [run] = await ctx.db
    .select(runColumns)
    .from(reconciliationRuns)
    .leftJoin(users, eq(users.id, reconciliationRuns.createdBy))
    .where(eq(reconciliationRuns.id, runId))
  if (!run) throw notFound()
  const items = await ctx.db
    .select({
      id: reconciliationItems.id,
      kind: reconciliationItems.kind,
      reference: reconciliationItems.reference,
      providerTransactionId: reconciliationItems.providerTransactionId,
      transferId: reconciliationItems.transferId,
      direction: moneyTransfers.direction,
      transferStatus: moneyTransfers.status,
      vendorId: moneyTransfers.vendorId,
      shopName: vendors.shopName,
      isokoAmount: reconciliationItems.isokoAmount,
      providerAmount: reconciliationItems.providerAmount,
    })
    .from(reconciliationItems)
    .leftJoin(moneyTransfers, eq(moneyTransfers.id, reconciliationItems.transferId))
    .leftJoin(vendors, eq(vendors.id, moneyTransfers.vendorId))
    .where(eq(reconciliationItems.runId, runId))
    .orderBy(kindOrder, reconciliationItems.reference, reconciliationItems.id)
  const counts = await kindCounts(ctx.db, [runId])
  return { ...toRunDto(run, counts.get(runId)!), items: items satisfies ReconciliationItemDto[] }
}

// ── The daily check ──

/**
 * With no statement to read, the provider is asked about each transfer Isoko sent through it that day (its status
 * call, as the worker asks): a transfer it calls paid that Isoko does not show as paid, or the other way round, is
 * a difference. Amounts cannot be compared this way (a status carries none). Null when the provider could not
 * answer about every transfer: the check tries again at its next round rather than store half an answer.
 */
async function sweepStatuses(
  ctx: ReconciliationContext,
  provider: PaymentProviderName,
  day: string,
): Promise<Comparison | null> {
  const client = ctx.providers.get(provider)
  if (!client) return null
  const transfers = await ctx.db
    .select(summaryColumns)
    .from(moneyTransfers)
    .where(
      and(
        eq(moneyTransfers.provider, provider),
        inArray(moneyTransfers.status, ['sending', 'paid', 'failed', 'unknown']),
        leftWithin(day, day, ctx.timeZone),
      ),
    )
    .orderBy(moneyTransfers.id)
  const items: NewItem[] = []
  let matched = 0
  let unanswered = 0
  let next = 0
  const ask = (transfer: TransferSummary): Promise<TransferState> =>
    transfer.direction === 'payout' ? client.status(transfer.id) : client.collectionStatus(transfer.id)
  const lane = async () => {
    while (next < transfers.length) {
      const transfer = transfers[next++]!
      let state: TransferState
      try {
        state = await ask(transfer)
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError || error instanceof ProviderProtocolError))
          throw error
        unanswered += 1
        continue
      }
      const isPaidThere = state.state === 'paid'
      const isPaidHere = transfer.status === 'paid'
      const line = { reference: transfer.id, transferId: transfer.id, isokoAmount: transfer.amount }
      if (isPaidThere && !isPaidHere) {
        items.push({
          kind: 'missing_in_isoko',
          ...line,
          providerTransactionId: state.state === 'paid' ? state.providerTransactionId : null,
          providerAmount: null,
        })
      } else if (isPaidHere && !isPaidThere) {
        items.push({
          kind: 'missing_at_provider',
          ...line,
          providerTransactionId: transfer.providerTransactionId,
          providerAmount: null,
        })
      } else matched += 1
    }
  }
  await Promise.all(Array.from({ length: Math.min(4, transfers.length) }, lane))
  if (unanswered > 0) {
    ctx.logger.warn(
      { provider, day, unanswered },
      'reconciliation: the provider did not answer for every transfer',
    )
    return null
  }
  return { lines: transfers.length, matched, items }
}

export type DailyReconciliationResult = {
  provider: PaymentProviderName
  day: string
  /** stored: a run was stored now; done: the check had already run for that day; failed: it is tried again later. */
  outcome: 'stored' | 'done' | 'failed'
  runId: string | null
  differences: number
}

/**
 * The daily check: for each configured provider, yesterday (on the marketplace's calendar) reconciled once, from
 * the provider's statement when `fetchStatement` gives one, else by asking the provider about each transfer of the
 * day (sweepStatuses). A serving process runs it every hour (app.ts); it does something only for a provider whose
 * yesterday is not stored yet. A provider that cannot be read now is tried again at the next round.
 */
export async function runDailyReconciliation(
  ctx: ReconciliationContext,
  options: { fetchStatement?: StatementFetcher; now?: Date } = {},
): Promise<DailyReconciliationResult[]> {
  const day = addDays(calendarDay(options.now ?? new Date(), ctx.timeZone), -1)
  const results: DailyReconciliationResult[] = []
  for (const provider of ctx.providers.names) {
    const result = { provider, day, runId: null, differences: 0 }
    if (await hasDailyRun(ctx.db, provider, day)) {
      results.push({ ...result, outcome: 'done' })
      continue
    }
    try {
      const period = {
        day,
        from: zonedDayStart(day, ctx.timeZone),
        to: new Date(zonedDayStart(addDays(day, 1), ctx.timeZone).getTime() + STATEMENT_SLACK_MS),
      }
      const statement = options.fetchStatement ? await options.fetchStatement(provider, period) : null
      let stored: { id: string; differences: number } | null
      if (statement) {
        const { rows } = await parseStatement(provider, statement.csv, { timeZone: ctx.timeZone })
        const run = { provider, fromDay: day, toDay: day, fileName: statement.fileName, rows }
        stored = await reconcileStatement(ctx, null, run)
      } else {
        const comparison = await sweepStatuses(ctx, provider, day)
        if (!comparison) {
          results.push({ ...result, outcome: 'failed' })
          continue
        }
        const run = { provider, fromDay: day, toDay: day, fileName: null }
        const id = await saveRun(ctx, null, run, comparison)
        stored = id ? { id, differences: comparison.items.length } : null
      }
      if (!stored) {
        results.push({ ...result, outcome: 'done' })
        continue
      }
      results.push({ ...result, outcome: 'stored', runId: stored.id, differences: stored.differences })
      if (stored.differences > 0) {
        ctx.logger.warn(
          { provider, day, differences: stored.differences },
          'reconciliation: differences found',
        )
      }
    } catch (error) {
      const reason = error instanceof AppError ? error.messageKey : undefined
      ctx.logger.error(
        { err: error, provider, day, reason },
        'reconciliation: the daily check of a provider failed',
      )
      results.push({ ...result, outcome: 'failed' })
    }
  }
  return results
}
