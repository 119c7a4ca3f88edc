/**
 * Two measurements on a scratch PostgreSQL database (issue figures in docs/decisions/019 and uploads.service.ts):
 *
 *   npx tsx bench/cleanup-and-totals.ts [--files 8000] [--products 100000] [--shops 5000] [--statements 100]
 *
 * 1. The clean-up of unattached files: shops and products referring to some of the files, the rest older than a
 *    day and unattached; the time of removeUnattachedFiles, and the slowest of a small request-like query run
 *    every 20 ms meanwhile (the database stays free for requests).
 * 2. vendor_totals' pages after `statements` order INSERTs through the triggers, each touching every shop.
 * BENCH_DATABASE_URL's server; the database is isoko_bench_scratch, replaced on each run.
 */
import pg from 'pg'
import type { Database } from '../src/server/db/client'
import { createLogger } from '../src/server/lib/logger'
import { removeUnattachedFiles } from '../src/server/uploads/uploads.service'
import { numberArg, scratchDatabase } from './lib/scratch-database'

const FILES = numberArg('files', 8000)
const PRODUCTS = numberArg('products', 100_000)
const SHOPS = numberArg('shops', 5000)
const STATEMENTS = numberArg('statements', 100)

async function main() {
  const { url, database } = await scratchDatabase('isoko_bench_scratch')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const q = (text: string) => client.query(text)
  const pages = async () =>
    (await q(`select pg_relation_size('vendor_totals') / 8192 as pages`)).rows[0].pages as string

  await q(
    `insert into users (email, full_name) select 'u' || i || '@x.rw', 'U ' || i from generate_series(1, ${SHOPS}) i`,
  )
  await q(`insert into vendors (user_id, shop_name, business_address, status)
    select id, 'Shop ' || row_number() over (), 'Kigali', 'approved' from users`)
  // Files: a fifth are shops' logos, half products' images, the rest (3 in 10) unattached; all two days old.
  await q(`insert into files (owner_user_id, purpose, visibility, storage_key, content_type, size, original_name, created_at)
    select (select id from users limit 1), 'product_image', 'public', 'k' || i, 'image/webp', 1, 'f', now() - interval '2 days' + i * interval '1 ms'
    from generate_series(1, ${FILES}) i`)
  await q(`with f as (select id, row_number() over (order by created_at) n from files),
      v as (select id, row_number() over (order by id) n from vendors)
    update vendors set shop_logo = '/api/files/' || f.id from f, v where vendors.id = v.id and f.n = v.n and f.n <= ${Math.min(SHOPS, FILES / 5)}`)
  await q(`insert into products (vendor_id, name, category, images)
    select v.id, 'P ' || i, 'Shoes', case when i <= ${FILES / 2} then jsonb_build_array('/api/files/' || f.id) else '[]'::jsonb end
    from generate_series(1, ${PRODUCTS}) i
    join (select id, row_number() over (order by id) n from vendors) v on v.n = 1 + i % ${SHOPS}
    left join (select id, row_number() over (order by created_at) n from files) f on f.n = ${FILES / 5} + i`)
  await q('analyze')
  const unattached = (
    await q(`select count(*) from files f where not exists (select 1 from vendors v where v.shop_logo = '/api/files/' || f.id)
      and not exists (select 1 from products p where p.images @> jsonb_build_array('/api/files/' || f.id))`)
  ).rows[0].count
  console.log(
    `seeded: ${SHOPS} shops, ${PRODUCTS} products, ${FILES} files two days old, ${unattached} of them unattached`,
  )

  // 1. The clean-up, with a request-like query beside it every 20 ms (`--totals-only` skips it).
  if (!process.argv.includes('--totals-only')) await measureCleanUp(url, database, FILES)

  // 2. vendor_totals under orders placed through the triggers: each statement places one order per shop. The
  // table is first rewritten compact (the products above were added in one statement, whose row versions no
  // pruning could free); `--table-defaults` measures it as it was before migration 0016.
  if (process.argv.includes('--table-defaults'))
    await q(`alter table vendor_totals reset (fillfactor, autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold,
      autovacuum_analyze_scale_factor, autovacuum_analyze_threshold, autovacuum_vacuum_cost_delay)`)
  await q('vacuum full vendor_totals')
  console.log(
    `vendor_totals before the orders: ${await pages()} pages (${(await q(`select reloptions from pg_class where relname = 'vendor_totals'`)).rows[0].reloptions ?? 'default settings'})`,
  )
  for (let at = 0; at < STATEMENTS; at += 1) {
    await q(`insert into orders (vendor_id, product_name, sku, unit_price, quantity, total_amount, customer_name, customer_email)
      select id, 'P', 'P-1', 1000, 1, 1000, 'C', 'c@x.rw' from vendors`)
  }
  console.log(`vendor_totals after ${STATEMENTS} statements of ${SHOPS} orders: ${await pages()} pages`)
  const hot = (
    await q(`select n_tup_upd, n_tup_hot_upd from pg_stat_user_tables where relname = 'vendor_totals'`)
  ).rows[0]
  console.log(`updates: ${hot.n_tup_upd}, of them HOT: ${hot.n_tup_hot_upd}`)
  await client.end()
  await database.close()
}

async function measureCleanUp(url: string, database: Database, files: number) {
  const probe = new pg.Client({ connectionString: url })
  await probe.connect()
  const latencies: number[] = []
  let running = true
  const probing = (async () => {
    while (running) {
      const started = performance.now()
      await probe.query('select sum(orders_pending + orders_completed) from vendor_totals')
      latencies.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  const started = performance.now()
  const removed = await removeUnattachedFiles(
    { db: database.db, storage: { delete: async () => {} } as never, logger: createLogger('silent', false) },
    {},
  )
  const seconds = (performance.now() - started) / 1000
  running = false
  await probing
  latencies.sort((a, b) => a - b)
  console.log(
    `clean-up: removed ${removed} of ${files} files in ${seconds.toFixed(2)} s; a query beside it: ${latencies.length} runs, ` +
      `median ${latencies[latencies.length >> 1]!.toFixed(1)} ms, slowest ${latencies.at(-1)!.toFixed(1)} ms`,
  )
  await probe.end()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
