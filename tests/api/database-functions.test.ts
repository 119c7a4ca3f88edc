import { eq, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/server/db/client'
import { openPglite } from '../../src/server/db/client'
import { applyFunctionsFile, findFunctionsDrift, readFunctions } from '../../src/server/db/migrate'
import { productDays, products, schema } from '../../src/server/db/schema'
import { findTotalsDrift, rebuildTotals } from '../../src/server/db/totals'
import { calendarDay } from '../../src/server/lib/calendar'
import { getAdminReport } from '../../src/server/reports/reports.service'
import { productInStock } from '../fixtures/commerce'
import { registeredVendor } from '../fixtures/money'
import { createTestApp } from '../fixtures/test-app'

/**
 * The running totals' functions live in one file, src/server/db/functions.sql, applied after the migrations
 * (docs/decisions/017); the report counts the products of its range from their days (migration 0015).
 */

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const TIME_ZONE = 'Africa/Kigali'
const anAdmin = { role: 'admin', userId: '00000000-0000-4000-8000-000000000000' } as const

describe('functions.sql', () => {
  // A reader finds today's trigger logic in one file only if the database runs that file's functions.
  it('is what a migrated database runs; a function changed behind its back is found, then replaced', async () => {
    const { names } = readFunctions()
    expect(names).toEqual(
      expect.arrayContaining(['orders_move_counted', 'totals_move_payout', 'report_lock']),
    )
    expect(await findFunctionsDrift(t.db)).toEqual([])

    await t.db.execute(
      sql.raw(
        `CREATE OR REPLACE FUNCTION report_lock() RETURNS bigint AS $$ SELECT 1::bigint $$ LANGUAGE sql IMMUTABLE`,
      ),
    )
    expect(await findFunctionsDrift(t.db)).toEqual(['report_lock'])

    await applyFunctionsFile(t.db)
    await applyFunctionsFile(t.db)
    expect(await findFunctionsDrift(t.db)).toEqual([])
    const lock = (await t.db.execute(sql`select report_lock() as n`)) as unknown as { rows: { n: number }[] }
    expect(Number(lock.rows[0]!.n)).toBe(7_316_404)
  })
})

describe('a start with migrations pending', () => {
  // The functions go in with the last migration, in its transaction; applying them again straight after, in a
  // transaction of their own, was work for nothing at every upgrade.
  it('applies functions.sql once, in the migrations’ transaction', async () => {
    const database = await openPglite()
    const { client } = database
    try {
      await database.migrate()
      const written = await client.query<{ migration: string; function: string }>(`
        select (select xmin::text from drizzle.__drizzle_migrations order by created_at desc limit 1) as migration,
               (select xmin::text from pg_proc where proname = 'report_lock') as function`)
      const { migration, function: fn } = written.rows[0]!
      expect(fn).toBe(migration)

      // A start with nothing pending applies them by themselves, so a changed file still takes effect.
      await database.migrate()
      const again = await client.query<{ function: string }>(
        `select xmin::text as function from pg_proc where proname = 'report_lock'`,
      )
      expect(again.rows[0]!.function).not.toBe(migration)
    } finally {
      await database.close()
    }
  })
})

/** Every statement `work` sends through its own Db, with drizzle's query log on the test database's client. */
async function statementsOf(work: (db: Db) => Promise<unknown>) {
  const sent: { query: string; params: unknown[] }[] = []
  const logger = { logQuery: (query: string, params: unknown[]) => sent.push({ query, params }) }
  const client = (t.db as unknown as { $client: never }).$client
  const db = (t.database.kind === 'postgres'
    ? drizzlePg(client, { schema, logger })
    : drizzlePglite(client, { schema, logger })) as unknown as Db
  await work(db)
  return sent
}

type PlanNode = { 'Relation Name'?: string; 'Parent Relationship'?: string; Plans?: PlanNode[] }

/**
 * The tables a statement's plan reads (EXPLAIN's "Relation Name"s). With `figuresOnly`, those its rows are made
 * from, without the scalar subqueries of its select list (the report's one statement: its days and lists, each a
 * JSON array, are the top node's InitPlans; its figures are the joined rows).
 */
async function tablesRead(statement: { query: string; params: unknown[] }, { figuresOnly = false } = {}) {
  const result = await t.db.execute(
    sql.join([sql.raw('explain (format json) '), sql.raw(bindParams(statement.query, statement.params))]),
  )
  const [explained] = (result as unknown as { rows: Record<string, unknown>[] }).rows
  const output = Object.values(explained!)[0]
  const [root] = (typeof output === 'string' ? JSON.parse(output) : output) as { Plan: PlanNode }[]
  const read = new Set<string>()
  const walk = (node: PlanNode, isTop: boolean) => {
    if (node['Relation Name']) read.add(node['Relation Name'])
    for (const child of node.Plans ?? []) {
      const isSelectListSubquery = ['InitPlan', 'SubPlan'].includes(child['Parent Relationship'] ?? '')
      if (!(figuresOnly && isTop && isSelectListSubquery)) walk(child, false)
    }
  }
  walk(root!.Plan, true)
  return read
}

/** The statement with its parameters written in as literals (EXPLAIN takes no parameters through drizzle). */
const bindParams = (query: string, params: unknown[]) =>
  query.replace(/\$(\d+)/g, (_, at: string) => {
    const value = params[Number(at) - 1]
    return value === null
      ? 'null'
      : `'${String(value instanceof Date ? value.toISOString() : value).replace(/'/g, "''")}'`
  })

describe('product days', () => {
  // A 365-day report read the whole products table to count the products created in its range.
  it('count each product in the day it was created, and the report counts the range’s products from them', async () => {
    const shop = await registeredVendor(t, { status: 'approved' })
    const today = calendarDay(new Date(), TIME_ZONE)
    const dayCount = async () =>
      (await t.db.select().from(productDays).where(eq(productDays.day, today)))[0]?.products ?? 0
    const before = await dayCount()
    const first = await productInStock(t, shop)
    await productInStock(t, shop)
    expect(await dayCount()).toBe(before + 2)
    await t.db.delete(products).where(eq(products.id, first.product.id))
    expect(await dayCount()).toBe(before + 1)
    // A product given an earlier creation time moves to that day.
    await t.db
      .update(products)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 3600_000) })
      .where(eq(products.vendorId, shop.vendorId))
    expect(await dayCount()).toBe(before)
    expect(await findTotalsDrift(t.db)).toEqual([])

    const report = await getAdminReport(t.db, anAdmin, { days: 7 }, { timeZone: TIME_ZONE })
    // Changed behind the triggers' back, the day changes the card: the card reads the days.
    await t.db
      .update(productDays)
      .set({ products: sql`${productDays.products} + 100` })
      .where(eq(productDays.day, today))
    const changed = await getAdminReport(t.db, anAdmin, { days: 7 }, { timeZone: TIME_ZONE })
    expect(changed.cards.products.previous).toBe(report.cards.products.previous - 100)
    expect((await findTotalsDrift(t.db)).map((entry) => entry.table)).toEqual(['product_days'])
    await rebuildTotals(t.db)
    expect(await findTotalsDrift(t.db)).toEqual([])
  })

  it('leave the products table unread by the 365-day report’s figures', async () => {
    await getAdminReport(t.db, anAdmin, { days: 365 }, { timeZone: TIME_ZONE })
    const sent = await statementsOf((db) =>
      getAdminReport(db, anAdmin, { days: 365 }, { timeZone: TIME_ZONE }),
    )
    const figures = sent.find((statement) => statement.query.includes('"vendor_totals"'))
    expect(figures, 'the report figures statement').toBeDefined()
    const read = await tablesRead(figures!, { figuresOnly: true })
    expect(read).toContain('product_days')
    expect(read).not.toContain('products')
  })

  // The period's revenue, like the other order figures, comes from the days: the orders table stays unread,
  // however many orders there are.
  it('leave the orders table unread by the figures, the period’s revenue included', async () => {
    const sent = await statementsOf((db) =>
      getAdminReport(db, anAdmin, { days: 30 }, { timeZone: TIME_ZONE }),
    )
    const figures = sent.find((statement) => statement.query.includes('"vendor_totals"'))
    expect(figures!.query).toContain('op_revenue_completed')
    const read = await tablesRead(figures!, { figuresOnly: true })
    expect(read).toContain('order_days')
    expect(read).not.toContain('orders')
  })

  // The marketplace's money comes from its days, a few rows a day: the ledger's lines, one per account moved by
  // every sale, refund, payout and fee, stay unread however many there are.
  it('leave the ledger’s lines unread by the marketplace’s money, read from its days', async () => {
    await getAdminReport(t.db, anAdmin, { days: 365 }, { timeZone: TIME_ZONE })
    const sent = await statementsOf((db) =>
      getAdminReport(db, anAdmin, { days: 365 }, { timeZone: TIME_ZONE }),
    )
    // The report's one statement: the money's figures among its rows, its days a list beside them.
    const money = sent.filter((statement) => statement.query.includes('"ledger_days"'))
    expect(money, 'the report, the money figures and days in it').toHaveLength(1)
    expect(await tablesRead(money[0]!, { figuresOnly: true })).toContain('ledger_days')
    expect(await tablesRead(money[0]!)).toContain('ledger_days')
    for (const statement of sent.filter(({ query }) => /^\s*select/i.test(query)))
      expect(await tablesRead(statement)).not.toContain('ledger_lines')
  })
})
