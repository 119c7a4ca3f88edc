#!/usr/bin/env node
// The long lists on the seeded marketplace (bench/README.md): vendor and admin orders, vendor and admin
// products, admin payouts, the audit log and the admin's messages; for each, the first page, page 2,000, and
// both again with a search term (or a filter where the list has no search). Page 2,000 is reached the way
// the screens reach it: by the list's cursor when it answers one (the position of the last row of page 1,999,
// read from the database), else by its page number (the last page when the list is shorter). Baseline,
// measured in the same run: the specification's approach, every row of the list fetched and then filtered,
// sorted and paged in JavaScript (bench/lib/spec-baseline.mjs). One line per list. Target: p97.5 ≤ 100 ms.
//
//   node bench/lists.mjs [--size small|large]      (npm run bench runs it after seeding)
import pg from 'pg'
import {
  benchSize,
  count,
  getJson,
  measure,
  measureBounded,
  ms,
  note,
  readAccounts,
  report,
  rps,
  signIn,
  startBaseline,
  startIsoko,
} from './lib/common.mjs'

const DEEP_PAGE = 2000
const size = benchSize()
const accounts = readAccounts(size)
const largest = accounts.vendors[0]

/**
 * Each list: its endpoint and who reads it; its page size; the search (or filter) the screen offers; the rows
 * it pages through, newest first (to find where page 2,000 starts); the baseline's list.
 */
const lists = [
  {
    what: 'vendor orders',
    path: '/api/vendor/orders',
    as: 'vendor',
    pageSize: 24,
    search: 'status=refunded',
    rows: { table: 'orders', time: 'created_at', where: 'vendor_id = $1', params: [largest.vendorId] },
    baseline: `table=orders&vendorId=${largest.vendorId}`,
  },
  {
    what: 'admin orders',
    path: '/api/admin/orders',
    as: 'admin',
    pageSize: 25,
    search: 'q=habimana',
    rows: { table: 'orders', time: 'created_at' },
    baseline: 'table=orders',
  },
  {
    what: 'vendor products',
    path: '/api/vendor/products',
    as: 'vendor',
    pageSize: 24,
    search: null,
    rows: { table: 'products', time: 'created_at', where: 'vendor_id = $1', params: [largest.vendorId] },
    baseline: `table=products&vendorId=${largest.vendorId}`,
  },
  {
    what: 'admin products',
    path: '/api/admin/products',
    as: 'admin',
    pageSize: 25,
    search: 'q=agaseke',
    rows: { table: 'products', time: 'created_at' },
    baseline: 'table=products',
  },
  {
    what: 'admin payouts',
    path: '/api/admin/payouts',
    as: 'admin',
    pageSize: 20,
    search: 'q=inzozi',
    rows: { table: 'payouts', time: 'requested_at' },
    baseline: 'table=payouts',
  },
  {
    what: 'audit log (90 days)',
    path: '/api/admin/audit-logs?days=90',
    as: 'admin',
    pageSize: 50,
    search: 'q=ishimwe',
    rows: { table: 'audit_logs', time: 'created_at', where: `created_at > now() - interval '90 days'` },
    baseline: 'table=audit_logs',
  },
  {
    what: 'admin messages',
    path: '/api/messages',
    as: 'admin',
    pageSize: 50,
    search: 'q=payout',
    rows: { table: 'messages', time: 'created_at' },
    baseline: 'table=messages',
  },
]

const withQuery = (urlPath, query) =>
  query ? `${urlPath}${urlPath.includes('?') ? '&' : '?'}${query}` : urlPath

/**
 * Where page 2,000 of a list starts (or its last page, on a shorter list): its number, and the cursor of the
 * row just before it in the list's newest-first order (the format of src/shared/schemas/pagination.ts).
 */
async function deepPageOf(db, list) {
  const { rows: spec } = list
  const where = spec.where ? `where ${spec.where}` : ''
  const { rows: counted } = await db.query(
    `select count(*)::int as n from (select 1 from ${spec.table} ${where} limit ${DEEP_PAGE * list.pageSize}) r`,
    spec.params ?? [],
  )
  const pageNumber = Math.max(1, Math.min(DEEP_PAGE, Math.ceil(Number(counted[0].n) / list.pageSize)))
  if (pageNumber === 1) return { pageNumber, cursor: null }
  const { rows: found } = await db.query(
    `select (extract(epoch from ${spec.time}) * 1000000)::bigint::text || '_' || id as cursor
     from ${spec.table} ${where} order by ${spec.time} desc, id desc offset ${(pageNumber - 1) * list.pageSize - 1} limit 1`,
    spec.params ?? [],
  )
  return { pageNumber, cursor: found[0].cursor }
}

const db = new pg.Client({ connectionString: size.databaseUrl })
await db.connect()
const server = await startIsoko(size)
const baseline = await startBaseline(size)
try {
  note(`server: ${server.label}`)
  const cookies = {
    admin: await signIn(server, accounts.admin.email, accounts.password),
    vendor: await signIn(server, largest.email, accounts.password),
  }
  for (const list of lists) {
    const cookie = cookies[list.as]
    const first = withQuery(list.path, `pageSize=${list.pageSize}`)
    const { body: page1 } = await getJson(server.url, first, cookie)
    const usesCursor = page1 && typeof page1 === 'object' && 'nextCursor' in page1
    // Page 2,000: after the last row of page 1,999 (or the last row there is, on a shorter list).
    let deep
    let deepLabel
    if (usesCursor) {
      const { pageNumber, cursor } = await deepPageOf(db, list)
      deep = cursor ? withQuery(first, `page=${pageNumber}&after=${cursor}`) : first
      deepLabel = pageNumber === DEEP_PAGE ? `page ${count(DEEP_PAGE)}` : `last page (${count(pageNumber)})`
    } else {
      const total = Number(page1?.total ?? 0)
      const pageNumber = Math.max(1, Math.min(DEEP_PAGE, Math.ceil(total / list.pageSize)))
      deep = withQuery(first, `page=${pageNumber}`)
      deepLabel = pageNumber === DEEP_PAGE ? `page ${count(DEEP_PAGE)}` : `last page (${count(pageNumber)})`
    }
    const runs = [
      { label: 'first page', path: first },
      { label: deepLabel, path: deep },
      ...(list.search
        ? [
            { label: `${list.search} first page`, path: withQuery(first, list.search) },
            { label: `${list.search} ${deepLabel}`, path: withQuery(deep, list.search) },
          ]
        : []),
    ]
    const results = []
    for (const run of runs) {
      await getJson(server.url, run.path, cookie)
      const result = await measure({
        url: `${server.url}${run.path}`,
        cookie,
        connections: size.connections,
        duration: size.listDuration,
      })
      results.push({ ...run, ...result })
    }
    const spec = await measureBounded({
      url: `${baseline.url}/list?${list.baseline}&pageSize=${list.pageSize}`,
      connections: size.connections,
      duration: size.listDuration,
    })
    const worst = Math.max(...results.map((result) => result.p975))
    const failed = results.reduce((total, result) => total + result.failed, 0)
    const rowsSeen = usesCursor
      ? ` (${page1.totalIsCapped ? `${count(page1.total)}+` : count(page1.total)} rows, cursor)`
      : ` (${count(page1.total)} rows)`
    report('lists', {
      what: `${list.what}${rowsSeen}`,
      figures:
        results.map((result) => `${result.label} p97.5 ${ms(result.p975)} ${rps(result.rps)}`).join(' · ') +
        ` · specification's approach (every row, paged in JavaScript) p97.5 ${ms(spec.p975)} ${rps(spec.rps)} (${spec.connections} connections)` +
        `${failed ? ` · ${failed} failed requests` : ''}`,
      target: 'p97.5 ≤ 100 ms on every page',
      met: worst <= 100 && failed === 0,
    })
  }
} finally {
  await Promise.all([server.stop(), baseline.stop(), db.end()])
}
