#!/usr/bin/env node
// The query plans of the long lists (docs/decisions/012): for each list, its first page, page 2,000 (reached
// by cursor, as the screens reach it), and both again with a search (or a filter where the list has none).
// The SQL is the services' own: each list's service function runs against the database with drizzle's
// query log on, and every statement it sent is explained with EXPLAIN (ANALYZE, BUFFERS). One line per
// statement: what it is (the page's rows, its bounded count, the list's figures), the plan's top node, the
// indexes it reads (or the tables it scans whole) and its time (median of three runs, warm).
//
//   npm run bench:explain [-- --list "admin orders"] [-- --json]
//
// BENCH_DATABASE_URL names the database (default postgres://postgres@127.0.0.1:5432/isoko_bench, the one
// `npm run bench:seed` fills). Only statements are read; nothing is written. Needs tsx (it imports the
// services' TypeScript).
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { schema } from '../src/server/db/schema.ts'
import { listAdminOrders } from '../src/server/orders/admin-orders.service.ts'
import { listOrders } from '../src/server/orders/orders.service.ts'
import { listModerationProducts, listProducts } from '../src/server/products/products.service.ts'
import { getPayoutOverview, listAdminPayouts } from '../src/server/payouts/payouts.service.ts'
import { listVendorApplications } from '../src/server/vendors/vendors.service.ts'
import { listAuditLogs } from '../src/server/audit/audit-logs.service.ts'
import { listMessages } from '../src/server/messages/messages.service.ts'
import { lastDays as lastDaysEnding } from '../src/shared/schemas/day-range.ts'

const DEEP_PAGE = 2000
const RUNS = 3
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/isoko_bench'
const args = process.argv.slice(2)
const only = args.includes('--list') ? args[args.indexOf('--list') + 1] : null
const asJson = args.includes('--json')

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 })
/** Every statement the services send while `recording` is set, with its parameters. */
let recording = null
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (query, params) => recording?.push({ query, params }) },
})

const one = async (text, params = []) => (await pool.query(text, params)).rows[0]

async function must(text, what) {
  const row = await one(text)
  if (!row) {
    console.error(`The database has no ${what}: fill it first (npm run bench:seed).`)
    process.exit(2)
  }
  return row
}

// Who reads the lists: the shop with the most orders, and an admin.
const largest = await must(
  `select v.id as "vendorId", v.user_id as "userId", v.status
   from vendor_totals t join vendors v on v.id = t.vendor_id
   order by t.orders_pending + t.orders_completed + t.orders_refunded desc limit 1`,
  'shop with orders',
)
const admin = await must(`select id from users where role = 'admin' order by created_at limit 1`, 'admin')
const vendorScope = {
  role: 'vendor',
  userId: largest.userId,
  vendorId: largest.vendorId,
  vendorStatus: largest.status,
}
const adminScope = { role: 'admin', userId: admin.id }

/**
 * Search terms taken from the data, so they find something on any filled database: a word of a customer's
 * name, of a product's name, of a shop's name, and of a message's subject; BENCH_Q_<LIST> overrides one.
 */
const wordOf = async (text, fallback) => {
  const row = await one(text)
  const words = String(row?.value ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 4)
  return (words.sort((a, b) => b.length - a.length)[0] ?? fallback).toLowerCase()
}
const terms = {
  orders:
    process.env.BENCH_Q_ORDERS ??
    (await wordOf(
      `select customer_name as value from orders order by created_at desc offset 5000 limit 1`,
      'habimana',
    )),
  products:
    process.env.BENCH_Q_PRODUCTS ??
    (await wordOf(
      `select name as value from products order by created_at desc offset 500 limit 1`,
      'basket',
    )),
  shops:
    process.env.BENCH_Q_SHOPS ??
    (await wordOf(
      `select shop_name as value from vendors order by created_at desc offset 100 limit 1`,
      'kigali',
    )),
  messages:
    process.env.BENCH_Q_MESSAGES ??
    (await wordOf(
      `select subject as value from messages order by created_at desc offset 500 limit 1`,
      'payout',
    )),
  audit:
    process.env.BENCH_Q_AUDIT ??
    (await wordOf(
      `select details::text as value from audit_logs where details is not null order by created_at desc offset 500 limit 1`,
      'approved',
    )),
}

/** The lists' date filters (?from=&to=): the last `days` Kigali days ending today, as the screens ask for them. */
const timeZone = 'Africa/Kigali'
const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date())
const lastDays = (days) => lastDaysEnding(days, today)
/** The same days as SQL, for finding where page 2,000 of a filtered list starts. */
const since = (days, time) =>
  `${time} >= ('${lastDays(days).from}'::date::timestamp at time zone '${timeZone}')`

/**
 * The lists: the service call for a page (`page` is { page, pageSize, after? }), the search or filter the
 * screen offers, and the rows the list pages through newest first (to find where page 2,000 starts).
 */
const lists = [
  {
    what: 'vendor orders',
    pageSize: 24,
    search: { label: 'status=refunded', query: { status: 'refunded' } },
    run: (page, search) => listOrders(db, vendorScope, { status: 'all', ...page, ...search }, { timeZone }),
    rows: { table: 'orders', time: 'created_at', where: `vendor_id = '${largest.vendorId}'` },
  },
  {
    what: 'vendor orders (90 days)',
    pageSize: 24,
    search: { label: 'status=completed', query: { status: 'completed' } },
    run: (page, search) =>
      listOrders(db, vendorScope, { status: 'all', ...lastDays(90), ...page, ...search }, { timeZone }),
    rows: {
      table: 'orders',
      time: 'created_at',
      where: `vendor_id = '${largest.vendorId}' and ${since(90, 'created_at')}`,
    },
  },
  {
    what: 'admin orders',
    pageSize: 25,
    search: { label: `q=${terms.orders}`, query: { q: terms.orders } },
    run: (page, search) =>
      listAdminOrders(
        db,
        adminScope,
        { q: '', status: 'all', vendorId: '', ...page, ...search },
        { timeZone },
      ),
    rows: { table: 'orders', time: 'created_at' },
  },
  {
    what: 'admin orders (30 days)',
    pageSize: 25,
    search: { label: `q=${terms.orders}`, query: { q: terms.orders } },
    run: (page, search) =>
      listAdminOrders(
        db,
        adminScope,
        { q: '', status: 'all', vendorId: '', ...lastDays(30), ...page, ...search },
        { timeZone },
      ),
    rows: { table: 'orders', time: 'created_at', where: since(30, 'created_at') },
  },
  {
    what: 'vendor products',
    pageSize: 24,
    search: null,
    run: (page) => listProducts(db, vendorScope, page),
    rows: { table: 'products', time: 'created_at', where: `vendor_id = '${largest.vendorId}'` },
  },
  {
    what: 'admin products',
    pageSize: 25,
    search: { label: `q=${terms.products}`, query: { q: terms.products } },
    run: (page, search) =>
      listModerationProducts(db, adminScope, { status: 'all', ...page, ...search }, 'Africa/Kigali'),
    rows: { table: 'products', time: 'created_at' },
  },
  {
    what: 'vendor payouts',
    pageSize: 24,
    search: null,
    run: (page) => getPayoutOverview(db, vendorScope, page, { timeZone }),
    rows: { table: 'payouts', time: 'requested_at', where: `vendor_id = '${largest.vendorId}'` },
  },
  {
    what: 'admin payouts',
    pageSize: 20,
    search: { label: `q=${terms.shops}`, query: { q: terms.shops } },
    run: (page, search) =>
      listAdminPayouts(db, adminScope, { q: '', status: 'all', ...page, ...search }, { timeZone }),
    rows: { table: 'payouts', time: 'requested_at' },
  },
  {
    what: 'admin payouts (30 days)',
    pageSize: 20,
    search: { label: 'status=pending', query: { status: 'pending' } },
    run: (page, search) =>
      listAdminPayouts(
        db,
        adminScope,
        { q: '', status: 'all', ...lastDays(30), ...page, ...search },
        { timeZone },
      ),
    rows: { table: 'payouts', time: 'requested_at', where: since(30, 'requested_at') },
  },
  {
    what: 'admin vendors',
    pageSize: 20,
    search: { label: `q=${terms.shops}`, query: { q: terms.shops } },
    run: (page, search) =>
      listVendorApplications(db, adminScope, { q: '', status: 'all', ...page, ...search }),
    rows: { table: 'vendors', time: 'created_at' },
  },
  {
    what: 'audit log (90 days)',
    pageSize: 50,
    search: { label: `q=${terms.audit}`, query: { q: terms.audit } },
    run: (page, search) =>
      listAuditLogs(db, adminScope, { q: '', action: 'all', days: 90, ...page, ...search }),
    rows: { table: 'audit_logs', time: 'created_at', where: `created_at > now() - interval '90 days'` },
  },
  {
    what: 'admin messages',
    pageSize: 50,
    search: { label: `q=${terms.messages}`, query: { q: terms.messages } },
    run: (page, search) =>
      listMessages(db, { userId: admin.id, role: 'admin' }, { type: 'all', q: '', ...page, ...search }),
    rows: { table: 'messages', time: 'created_at' },
  },
  {
    what: 'vendor messages',
    pageSize: 50,
    search: { label: `q=${terms.messages}`, query: { q: terms.messages } },
    run: (page, search) =>
      listMessages(
        db,
        { userId: largest.userId, role: 'vendor' },
        { type: 'all', q: '', ...page, ...search },
      ),
    rows: {
      table: 'messages',
      time: 'created_at',
      where: `(sender_id = '${largest.userId}' or receiver_id = '${largest.userId}')`,
    },
  },
]

/**
 * Page 2,000 of a list (or its last page, when it is shorter): its number and the cursor of the row just
 * before it (the format of src/shared/schemas/pagination.ts), read with OFFSET here, once.
 */
async function deepPageOf(list) {
  const { table, time, where } = list.rows
  const filter = where ? `where ${where}` : ''
  const { n } = await one(
    `select count(*)::int as n from (select 1 from ${table} ${filter} limit ${DEEP_PAGE * list.pageSize}) r`,
  )
  const number = Math.max(1, Math.min(DEEP_PAGE, Math.ceil(n / list.pageSize)))
  if (number === 1) return { number, after: undefined }
  const row = await one(
    `select (extract(epoch from ${time}) * 1000000)::bigint::text || '_' || id as cursor
     from ${table} ${filter} order by ${time} desc, id desc offset ${(number - 1) * list.pageSize - 1} limit 1`,
  )
  return { number, after: row.cursor }
}

/** What a statement of a list is, from its SQL: the page's rows, its bounded count, or the list's figures. */
function roleOf(query) {
  if (/\) "counted"/.test(query) || /from \(select .* limit \$\d+\) "counted"/.test(query)) return 'count'
  if (/ order by /i.test(query) && / limit /i.test(query)) return 'rows'
  return 'figures'
}

/** The plan's top node, the indexes it reads, the tables it reads whole, and its node count. */
function summarise(plan) {
  const indexes = new Set()
  const wholeTables = new Set()
  const walk = (node) => {
    if (node['Index Name']) indexes.add(node['Index Name'])
    if (node['Node Type'] === 'Seq Scan') wholeTables.add(node['Relation Name'])
    for (const child of node.Plans ?? []) walk(child)
  }
  walk(plan)
  // The first node that does the work: below the Limit, Aggregate or Sort that tops most plans.
  let top = plan
  while (
    ['Limit', 'Aggregate', 'Sort', 'Incremental Sort', 'Subquery Scan', 'Result'].includes(
      top['Node Type'],
    ) &&
    top.Plans?.length
  ) {
    top = top.Plans.find((child) => child['Parent Relationship'] !== 'InitPlan') ?? top.Plans[0]
  }
  const label = [
    top['Node Type'],
    top['Index Name']
      ? `using ${top['Index Name']}`
      : top['Relation Name']
        ? `on ${top['Relation Name']}`
        : '',
  ]
    .filter(Boolean)
    .join(' ')
  return { top: `${plan['Node Type']} → ${label}`, indexes: [...indexes], wholeTables: [...wholeTables] }
}

async function explain({ query, params }) {
  const times = []
  let plan
  let buffers = 0
  for (let run = 0; run < RUNS; run += 1) {
    const { rows } = await pool.query(`explain (analyze, buffers, format json) ${query}`, params)
    const [result] = rows[0]['QUERY PLAN']
    plan = result.Plan
    buffers = (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0)
    times.push(result['Planning Time'] + result['Execution Time'])
  }
  times.sort((a, b) => a - b)
  return { ms: times[Math.floor(times.length / 2)], buffers, ...summarise(plan) }
}

async function statementsOf(list, page, search) {
  recording = []
  try {
    await list.run(page, search)
    return recording
  } finally {
    recording = null
  }
}

const results = []
console.log(
  `Query plans on ${databaseUrl.replace(/\/\/[^@]*@/, '//')} (median of ${RUNS} warm runs; time = planning + execution)`,
)
for (const list of lists) {
  if (only && list.what !== only) continue
  const deep = await deepPageOf(list)
  const deepLabel =
    deep.number === DEEP_PAGE ? `page ${DEEP_PAGE.toLocaleString('en-US')}` : `last page (${deep.number})`
  const pages = [
    { label: 'first page', page: { page: 1, pageSize: list.pageSize } },
    {
      label: `${deepLabel} by cursor`,
      page: { page: deep.number, pageSize: list.pageSize, after: deep.after },
    },
    ...(list.search
      ? [
          {
            label: `${list.search.label} first page`,
            page: { page: 1, pageSize: list.pageSize },
            search: list.search.query,
          },
          {
            label: `${list.search.label} ${deepLabel} by cursor`,
            page: { page: deep.number, pageSize: list.pageSize, after: deep.after },
            search: list.search.query,
          },
        ]
      : []),
  ]
  console.log(`\n${list.what}`)
  for (const { label, page, search } of pages) {
    for (const statement of await statementsOf(list, page, search)) {
      const role = roleOf(statement.query)
      const plan = await explain(statement)
      const usesIndex = plan.indexes.length > 0
      results.push({ list: list.what, page: label, role, ...plan, usesIndex, sql: statement.query })
      const reads = [
        usesIndex ? `index ${plan.indexes.join(', ')}` : 'no index',
        plan.wholeTables.length ? `whole table ${plan.wholeTables.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')
      console.log(
        `  ${label.padEnd(34)} ${role.padEnd(7)} ${plan.ms.toFixed(2).padStart(8)} ms  ${String(plan.buffers).padStart(6)} buffers  ${plan.top}  [${reads}]`,
      )
    }
  }
}
const slowest = results.reduce((worst, result) => (result.ms > worst.ms ? result : worst), { ms: 0 })
console.log(
  `\n${results.length} statements; ${results.filter((result) => result.usesIndex).length} read an index; slowest ${slowest.ms.toFixed(2)} ms (${slowest.list}, ${slowest.page}, ${slowest.role})`,
)
if (asJson) console.log(JSON.stringify(results, null, 2))
await pool.end()
