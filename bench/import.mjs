#!/usr/bin/env node
// CSV import of 10,000 order rows through the admin's import endpoint (POST /api/admin/orders/import, the
// screen's upload), on the seeded marketplace (bench/README.md). The rows name 100 sellable variants of
// different shops, 100 rows each, quantity 1, all in stock, so every row must import. Baseline, measured in
// the same run: the same 10,000 orders written by one multi-row INSERT … SELECT (names looked up by joins,
// the running totals' triggers on), in a transaction that is rolled back. One line. Target: ≤ 5 s.
// The wait for the answer is bounded (60 s at the small size, 300 s at the large): past it, the orders the
// import wrote so far are counted, the server is stopped (rows commit 250 to a transaction, so what was
// written stays whole), and the line gives the rate and the time 10,000 rows would take at it.
//
//   node bench/import.mjs [--size small|large]      (npm run bench runs it after seeding)
import { Blob } from 'node:buffer'
import pg from 'pg'
import {
  benchSize,
  count,
  mb,
  memoryOf,
  note,
  readAccounts,
  report,
  signIn,
  startIsoko,
} from './lib/common.mjs'

const { AbortSignal, FormData } = globalThis

const ROWS = Number(process.env.IMPORT_ROWS ?? 10_000)
const VARIANTS = 100
const size = benchSize()
const deadlineS = size.name === 'large' ? 300 : 60
/** Marks this run's customers, so the orders it wrote can be counted if the import is cut short. */
const run = Date.now().toString(36)
const accounts = readAccounts(size)

const db = new pg.Client({ connectionString: size.databaseUrl })
await db.connect()
const server = await startIsoko(size)
try {
  note(`server: ${server.label}`)
  // Sellable variants with stock for their share of the rows, one per product, spread over shops.
  const { rows: variants } = await db.query(
    `select distinct on (p.id) v.shop_name, p.name as product_name, x.sku
     from variants x
     join products p on p.id = x.product_id and p.status = 'approved'
     join vendors v on v.id = p.vendor_id and v.status = 'approved'
     where x.archived_at is null and x.stock >= $1
     order by p.id, x.sku
     limit $2`,
    [Math.ceil(ROWS / VARIANTS), VARIANTS],
  )
  if (variants.length < VARIANTS)
    throw new Error(`only ${variants.length} variants have enough stock for the import`)
  const quote = (value) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
  const rows = Array.from({ length: ROWS }, (_, at) => {
    const variant = variants[at % VARIANTS]
    return {
      customerName: `Customer ${at + 1}, Kigali`,
      customerEmail: `import.${run}.${at + 1}@example.rw`,
      ...variant,
    }
  })
  const csv =
    'Customer Name,Customer Email,Vendor Shop Name,Product Name,Variant SKU,Quantity\r\n' +
    rows
      .map((row) =>
        [row.customerName, row.customerEmail, row.shop_name, row.product_name, row.sku, '1']
          .map(quote)
          .join(','),
      )
      .join('\r\n') +
    '\r\n'

  const admin = await signIn(server, accounts.admin.email, accounts.password)
  const form = new FormData()
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'bench-orders.csv')
  const rssBefore = memoryOf(server.pid)
  const started = performance.now()
  // A form post: the cross-site check wants the app's own origin (app.ts).
  const response = await fetch(`${server.url}/api/admin/orders/import`, {
    method: 'POST',
    headers: { cookie: admin, origin: server.url },
    body: form,
    signal: AbortSignal.timeout(deadlineS * 1000),
  }).catch((error) => {
    if (error?.name === 'TimeoutError') return null
    throw error
  })
  const result = response ? await response.json() : null
  const importSeconds = (performance.now() - started) / 1000
  const peak = memoryOf(server.pid, 'VmHWM')
  if (response && response.status !== 200)
    throw new Error(`import: ${response.status} ${JSON.stringify(result).slice(0, 400)}`)
  let written = result?.imported ?? 0
  if (!response) {
    await server.stop()
    const { rows: done } = await db.query(
      `select count(*)::int as n from orders where customer_email like $1`,
      [`import.${run}.%`],
    )
    written = done[0].n
  }

  // The baseline: the same orders in one statement, then rolled back (the database is left as the import left it).
  const started2 = performance.now()
  await db.query('begin')
  try {
    const { rowCount } = await db.query(
      `insert into orders (vendor_id, product_id, variant_id, product_name, sku, attributes, unit_price, quantity,
         total_amount, customer_name, customer_email, status)
       select v.id, p.id, x.id, p.name, x.sku, x.attributes, x.price, 1, x.price, r.customer_name, r.customer_email, 'pending'
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
         as r(customer_name, customer_email, shop_name, product_name, sku)
       join vendors v on lower(v.shop_name) = lower(r.shop_name)
       join products p on p.vendor_id = v.id and lower(p.name) = lower(r.product_name)
       join variants x on x.product_id = p.id and lower(x.sku) = lower(r.sku)`,
      [
        rows.map((row) => row.customerName),
        rows.map((row) => row.customerEmail),
        rows.map((row) => row.shop_name),
        rows.map((row) => row.product_name),
        rows.map((row) => row.sku),
      ],
    )
    if (rowCount !== ROWS) throw new Error(`the baseline inserted ${rowCount} rows, not ${ROWS}`)
  } finally {
    await db.query('rollback')
  }
  const baselineSeconds = (performance.now() - started2) / 1000

  const refused = result?.errors?.length ?? 0
  const rate = written / importSeconds
  report('import', {
    what: `CSV import of ${count(ROWS)} orders (${count(csv.length)} bytes)`,
    figures:
      (result
        ? `${importSeconds.toFixed(1)} s (${count(Math.round(rate))} rows/s), ${count(result.imported)} imported, ${count(refused)} refused`
        : `unfinished after ${deadlineS} s: ${count(written)} rows imported (${count(Math.round(rate))} rows/s; all ${count(ROWS)} would take about ${Math.round(ROWS / Math.max(rate, 0.001))} s)`) +
      `, server RSS ${mb(rssBefore)} before, peak ${mb(peak)}` +
      ` · one multi-row INSERT of the same orders ${baselineSeconds.toFixed(2)} s` +
      ` · ${(importSeconds / baselineSeconds).toFixed(0)}× the INSERT`,
    target: '≤ 5 s, every row imported',
    met: Boolean(result) && importSeconds <= 5 && result.imported === ROWS && refused === 0,
  })
} finally {
  await Promise.all([server.stop(), db.end()])
}
