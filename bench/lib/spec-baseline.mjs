// The specification's approach, as the baseline of the benchmarks (bench/README.md): its app fetched every
// order (and product, payout, vendor) of the shop or of the whole marketplace and summed, filtered, sorted and
// paged them in JavaScript. Here that is a bare node:http server with a pg pool of 10, no framework, no
// session: `select *` of the rows a screen needs, then the same figures computed in JavaScript. Loopback only.
//
//   DATABASE_URL=postgres://… PORT=4000 node bench/lib/spec-baseline.mjs
import { Buffer } from 'node:buffer'
import http from 'node:http'
import pg from 'pg'

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
const all = async (sql, params = []) => (await pool.query(sql, params)).rows

const sum = (rows, pick) => rows.reduce((total, row) => total + pick(row), 0)
const countWhere = (rows, test) => rows.reduce((total, row) => total + (test(row) ? 1 : 0), 0)
const DAY_MS = 24 * 60 * 60 * 1000

function vendorFigures(orders, payouts) {
  const completed = sum(orders, (o) => (o.status === 'completed' ? o.total_amount : 0))
  const paid = sum(payouts, (p) => (p.status === 'rejected' ? 0 : p.amount))
  const pending = sum(payouts, (p) => (p.status === 'pending' ? p.amount : 0))
  return { orders: orders.length, revenue: completed, balance: completed - paid, pendingPayouts: pending }
}

const newestFirst = (time) => (a, b) => b[time] - a[time] || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0)

/** One page of a list, the specification's way: every row, then filter, sort and slice in JavaScript. */
const lists = {
  orders: { sql: 'select * from orders', vendorColumn: 'vendor_id', time: 'created_at' },
  products: { sql: 'select * from products', vendorColumn: 'vendor_id', time: 'created_at' },
  payouts: {
    sql: 'select p.*, v.shop_name from payouts p join vendors v on v.id = p.vendor_id',
    vendorColumn: 'p.vendor_id',
    time: 'requested_at',
  },
  audit_logs: { sql: 'select * from audit_logs', time: 'created_at' },
  messages: {
    sql: 'select m.*, u.full_name, u.email from messages m join users u on u.id = m.sender_id',
    time: 'created_at',
  },
}

const routes = {
  '/health': async () => ({ ok: true }),

  '/vendor/dashboard': async (query) => {
    const vendorId = query.get('vendorId')
    const [products, orders, payouts] = await Promise.all([
      all('select * from products where vendor_id = $1', [vendorId]),
      all('select * from orders where vendor_id = $1', [vendorId]),
      all('select * from payouts where vendor_id = $1', [vendorId]),
    ])
    return { products: products.length, ...vendorFigures(orders, payouts) }
  },

  '/vendor/payouts': async (query) => {
    const vendorId = query.get('vendorId')
    const [orders, payouts] = await Promise.all([
      all('select * from orders where vendor_id = $1', [vendorId]),
      all('select * from payouts where vendor_id = $1', [vendorId]),
    ])
    const { balance, pendingPayouts } = vendorFigures(orders, payouts)
    return { balance, pendingPayouts, items: payouts.sort(newestFirst('requested_at')).slice(0, 24) }
  },

  // A statement the naive way: every line of the shop, the running balance summed in JavaScript, then the month
  // kept and its newest 50 lines sliced (the month given as its [from, to) instants).
  '/vendor/statement': async (query) => {
    const lines = await all(
      `select * from ledger_lines where account = 'vendor_payable' and vendor_id = $1 order by created_at, id`,
      [query.get('vendorId')],
    )
    let balance = 0
    const withBalance = lines.map((line) => ({ ...line, balance: (balance += line.amount) }))
    const from = Date.parse(query.get('from'))
    const to = Date.parse(query.get('to'))
    const month = withBalance.filter((line) => line.created_at >= from && line.created_at < to)
    const before = withBalance.filter((line) => line.created_at < from)
    return {
      opening: before.length > 0 ? before[before.length - 1].balance : 0,
      closing: month.length > 0 ? month[month.length - 1].balance : 0,
      lines: month.reverse().slice(0, 50),
    }
  },

  '/admin/dashboard': async () => {
    const [vendors, products, orders, payouts] = await Promise.all([
      all('select * from vendors'),
      all('select * from products'),
      all('select * from orders'),
      all('select * from payouts'),
    ])
    return {
      vendors: { total: vendors.length, approved: countWhere(vendors, (v) => v.status === 'approved') },
      products: { total: products.length, approved: countWhere(products, (p) => p.status === 'approved') },
      orders: { total: orders.length, completed: countWhere(orders, (o) => o.status === 'completed') },
      revenue: sum(orders, (o) => (o.status === 'completed' ? o.total_amount : 0)),
      payouts: { pending: countWhere(payouts, (p) => p.status === 'pending') },
    }
  },

  '/admin/reports': async (query) => {
    const days = Number(query.get('days') ?? 30)
    const now = Date.now()
    const from = now - days * DAY_MS
    const before = from - days * DAY_MS
    const [vendors, orders, payouts] = await Promise.all([
      all('select * from vendors'),
      all('select * from orders'),
      all('select * from payouts'),
    ])
    const within = (row, start, end) => row.created_at.getTime() >= start && row.created_at.getTime() < end
    const revenue = (start, end) =>
      sum(orders, (o) => (o.status !== 'refunded' && within(o, start, end) ? o.total_amount : 0))
    const perDay = new Map()
    for (const order of orders) {
      if (!within(order, from, now)) continue
      const day = order.created_at.toISOString().slice(0, 10)
      perDay.set(day, (perDay.get(day) ?? 0) + order.total_amount)
    }
    return {
      revenue: { value: revenue(from, now), previous: revenue(before, from) },
      orders: { value: countWhere(orders, (o) => within(o, from, now)) },
      newVendors: { value: countWhere(vendors, (v) => within(v, from, now)) },
      pendingPayouts: countWhere(payouts, (p) => p.status === 'pending'),
      perDay: [...perDay.entries()],
    }
  },

  '/admin/payouts': async () => {
    const [payouts, orders] = await Promise.all([
      all('select p.*, v.shop_name from payouts p join vendors v on v.id = p.vendor_id'),
      all('select * from orders'),
    ])
    const completed = new Map()
    for (const order of orders)
      if (order.status === 'completed')
        completed.set(order.vendor_id, (completed.get(order.vendor_id) ?? 0) + order.total_amount)
    const paid = new Map()
    for (const payout of payouts)
      if (payout.status !== 'rejected')
        paid.set(payout.vendor_id, (paid.get(payout.vendor_id) ?? 0) + payout.amount)
    const page = payouts.sort(newestFirst('requested_at')).slice(0, 20)
    return page.map((p) => ({
      ...p,
      balance: (completed.get(p.vendor_id) ?? 0) - (paid.get(p.vendor_id) ?? 0),
    }))
  },

  '/list': async (query) => {
    const list = lists[query.get('table')]
    if (!list) return null
    const vendorId = query.get('vendorId')
    const rows =
      vendorId && list.vendorColumn
        ? await all(`${list.sql} where ${list.vendorColumn} = $1`, [vendorId])
        : await all(list.sql)
    const q = (query.get('q') ?? '').toLowerCase()
    const matching = q
      ? rows.filter((row) =>
          Object.values(row).some((value) =>
            String(typeof value === 'object' ? JSON.stringify(value) : value)
              .toLowerCase()
              .includes(q),
          ),
        )
      : rows
    const page = Number(query.get('page') ?? 1)
    const pageSize = Number(query.get('pageSize') ?? 25)
    matching.sort(newestFirst(list.time))
    return { items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length }
  },
}

/** Every order with its shop as CSV, built whole in memory and then sent (no streaming). */
async function exportOrders(response) {
  const rows = await all(
    'select o.*, v.shop_name from orders o join vendors v on v.id = o.vendor_id order by o.created_at desc',
  )
  const quote = (value) => `"${String(value ?? '').replace(/"/g, '""')}"`
  const lines = [
    'Order ID,Customer Name,Customer Email,Vendor Shop Name,Product Name,Variant SKU,Quantity,Total,Status,Date',
  ]
  for (const o of rows)
    lines.push(
      [
        o.id,
        o.customer_name,
        o.customer_email,
        o.shop_name,
        o.product_name,
        o.sku,
        o.quantity,
        o.total_amount,
        o.status,
        o.created_at.toISOString(),
      ]
        .map(quote)
        .join(','),
    )
  const body = `${lines.join('\r\n')}\r\n`
  response.writeHead(200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  })
  response.end(body)
}

http
  .createServer(async (request, response) => {
    const url = new URL(request.url, 'http://127.0.0.1')
    try {
      if (url.pathname === '/orders/export') return await exportOrders(response)
      const route = routes[url.pathname]
      const body = route ? await route(url.searchParams) : null
      if (body === null) {
        response.writeHead(404).end()
        return
      }
      const json = JSON.stringify(body)
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(json),
      })
      response.end(json)
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error?.message ?? error))
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1')

process.on('SIGTERM', () => pool.end().finally(() => process.exit(0)))
