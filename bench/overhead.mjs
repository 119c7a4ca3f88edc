#!/usr/bin/env node
// API overhead: what Isoko (Hono, the session check, validation, the service, compression) costs on top of the
// SQL of one list page, against a bare node:http + pg handler that runs the same SQL for the same page in the
// same run. The page: a vendor's products, page 1 of 50, in a shop of 2,000 products × 4 variants.
//
// Seeds the shop once in BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/isoko_bench_overhead,
// created when missing), starts the built server (dist/server/main.js, built first when stale) and the bare
// handler (this file with --bare, its own process), checks that both answer the same page, then runs autocannon
// with CONNECTIONS connections for DURATION seconds on each, without compression and with Brotli and gzip.
// Prints one line.
//
//   npm run bench:overhead
//   DURATION=5 CONNECTIONS=10 BENCH_DATABASE_URL=postgres://… npm run bench:overhead
import { Buffer } from 'node:buffer'
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import pg from 'pg'

const PAGE_SIZE = 50
const numberFrom = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number`)
    process.exit(2)
  }
  return value
}

// ── The bare handler (node bench/overhead.mjs --bare): node:http + pg, nothing else ──

/**
 * The SQL Isoko's listProducts (src/server/products/products.service.ts, through newestPage and listPage in
 * src/server/lib/paginate.ts) runs for page 1 of a vendor's products, as drizzle writes it: the page (one row
 * more, to know whether another follows, with each row's place for the cursor), its count bounded at 10,000
 * and the shop's plan side by side, then the page's live variants. Kept in step with the service by hand; the
 * run checks that both answer the same products and variants.
 */
const PRODUCT_COLUMNS =
  '"id", "vendor_id", "name", "description", "category", "images", "status", "version", "decision_reason", "created_at", "updated_at"'
const VARIANT_COLUMNS =
  '"id", "product_id", "vendor_id", "sku", "price", "stock", "version", "attributes", "archived_at", "created_at", "updated_at"'
const COUNT_CAP = 10_000
const sizeOrder = 'xs s m l xl xxl xxxl 35 36 37 38 39 40 41 42 43 44'.split(' ')

async function productsPage(pool, vendorId) {
  const [page, counted, vendor] = await Promise.all([
    pool.query(
      `select ${PRODUCT_COLUMNS}, (extract(epoch from "created_at") * 1000000)::bigint::text from "products" where "products"."vendor_id" = $1 order by "products"."created_at" desc, "products"."id" desc limit $2`,
      [vendorId, PAGE_SIZE + 1],
    ),
    pool.query(
      'select count(*) from (select 1 from "products" where "products"."vendor_id" = $1 limit $2) "counted"',
      [vendorId, COUNT_CAP + 1],
    ),
    pool.query('select "subscription_plan" from "vendors" where "vendors"."id" = $1', [vendorId]),
  ])
  const shown = page.rows.slice(0, PAGE_SIZE)
  const last = shown[shown.length - 1]
  const total = Number(counted.rows[0].count)
  const ids = shown.map((row) => row.id)
  const variants = ids.length
    ? await pool.query(
        `select ${VARIANT_COLUMNS} from "variants" where ("variants"."product_id" in (${ids.map((_, i) => `$${i + 1}`).join(', ')}) and "variants"."archived_at" is null)`,
        ids,
      )
    : { rows: [] }
  const byProduct = new Map()
  for (const row of variants.rows)
    byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row])
  return {
    items: shown.map((product) => {
      const live = (byProduct.get(product.id) ?? []).sort(
        (a, b) => sizeOrder.indexOf(a.attributes.size) - sizeOrder.indexOf(b.attributes.size),
      )
      const prices = live.map((row) => Number(row.price))
      return {
        id: product.id,
        name: product.name,
        description: product.description,
        category: product.category,
        status: product.status,
        images: product.images.map((url) => ({ url, thumbUrl: `${url}?variant=thumb` })),
        hasVariants: live.some((row) => Boolean(row.attributes.color || row.attributes.size)),
        variants: live.map((row) => ({
          id: row.id,
          sku: row.sku,
          price: Number(row.price),
          stock: row.stock,
          attributes: row.attributes,
        })),
        priceMin: prices.length ? Math.min(...prices) : null,
        priceMax: prices.length ? Math.max(...prices) : null,
        version: `${product.version}.${live.reduce((sum, row) => sum + row.version, 0)}`,
        isVisible: product.status === 'approved',
        createdAt: product.created_at.toISOString(),
      }
    }),
    total: Math.min(total, COUNT_CAP),
    totalIsCapped: total > COUNT_CAP,
    page: 1,
    pageSize: PAGE_SIZE,
    nextCursor: page.rows.length > PAGE_SIZE && last ? `${last.text}_${last.id}` : null,
    previousCursor: null,
    limit: vendor.rows[0]?.subscription_plan === 'unlimited' ? null : 0,
  }
}

// The same cheap levels as the server (src/server/lib/compression.ts), on the thread pool too.
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

async function runBareServer() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
  const vendorId = process.env.VENDOR_ID
  const server = http.createServer(async (request, response) => {
    try {
      const body = Buffer.from(JSON.stringify(await productsPage(pool, vendorId)))
      const accepts = request.headers['accept-encoding'] ?? ''
      const headers = { 'content-type': 'application/json', vary: 'Accept-Encoding' }
      if (/\bbr\b/.test(accepts)) {
        const compressed = await brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
        response.writeHead(200, { ...headers, 'content-encoding': 'br' }).end(compressed)
      } else if (/\bgzip\b/.test(accepts)) {
        response
          .writeHead(200, { ...headers, 'content-encoding': 'gzip' })
          .end(await gzip(body, { level: 1 }))
      } else {
        response.writeHead(200, headers).end(body)
      }
    } catch (error) {
      response.writeHead(500).end(String(error))
    }
  })
  server.keepAliveTimeout = 65_000
  server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'))
  process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))))
}

// ── The measurement ──

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

/** User + system CPU time a process has used, in ms (/proc/<pid>/stat, Linux). */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks
}

async function startBare(databaseUrl, vendorId, freePort) {
  const port = await freePort()
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--bare'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, VENDOR_ID: vendorId, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve)
    child.once('exit', (code) => reject(new Error(`the bare handler exited (${code})`)))
  })
  return {
    url: `http://127.0.0.1:${port}/products`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', resolve)
        child.kill('SIGTERM')
      }),
  }
}

async function main() {
  const { default: autocannon } = await import('autocannon')
  const shop = await import('./lib/vendor-shop.mjs')
  const databaseUrl =
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/isoko_bench_overhead'
  const duration = numberFrom('DURATION', 10)
  const connections = numberFrom('CONNECTIONS', 10)
  const note = (message) => process.stderr.write(`  ${message}\n`)

  const stops = []
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => {})
  }
  // Bounded: the whole run ends by itself even if something hangs.
  const watchdog = setTimeout(
    () => {
      console.error('overhead: still running after the time limit, stopping')
      void stopAll().finally(() => process.exit(1))
    },
    (duration * 6 + 240) * 1000,
  )
  watchdog.unref()
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => void stopAll().finally(() => process.exit(130)))

  try {
    if (await shop.ensureDatabase(databaseUrl)) note(`created ${new URL(databaseUrl).pathname.slice(1)}`)
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'isoko-overhead-'))
    stops.push(async () => rmSync(dataDir, { recursive: true, force: true }))
    // The server applies the migrations as it starts; the shop is seeded after, once.
    const isoko = await shop.startServer({ databaseUrl, dataDir })
    stops.push(isoko.stop)
    const seeded = await shop.seedShopOnPostgres(databaseUrl)
    note(
      `${seeded.created ? 'seeded' : 'reusing'} the bench shop: ${shop.PRODUCTS.toLocaleString('en')} products × ${shop.VARIANTS_EACH} variants`,
    )
    const cookie = await shop.signInShop(isoko.url)
    const bare = await startBare(databaseUrl, seeded.vendorId, shop.freePort)
    stops.push(bare.stop)
    const isokoUrl = `${isoko.url}/api/vendor/products?page=1&pageSize=${PAGE_SIZE}`

    // Same page from both, or the comparison means nothing.
    const [mine, theirs] = await Promise.all([
      fetch(isokoUrl, { headers: { cookie } }).then((response) => response.json()),
      fetch(bare.url).then((response) => response.json()),
    ])
    const shape = (page) => page.items.map((item) => `${item.id}:${item.variants.map((v) => v.id).join(',')}`)
    if (mine.items?.length !== PAGE_SIZE || JSON.stringify(shape(mine)) !== JSON.stringify(shape(theirs))) {
      throw new Error('Isoko and the bare handler answer different pages: bring the bare SQL in step')
    }

    // The server's CPU time per request beside the rates: on a shared machine the rates move with what else
    // runs, the CPU a request costs much less.
    const run = async (server, url, headers, seconds = duration) => {
      const cpuBefore = cpuMsOf(server.pid)
      const result = await autocannon({ url, connections, duration: seconds, headers, timeout: 30 })
      const failed = result.non2xx + result.errors + result.timeouts
      if (failed)
        throw new Error(
          `${url}: ${failed} requests failed (non-2xx ${result.non2xx}, errors ${result.errors})`,
        )
      return {
        rps: result.requests.total / result.duration,
        p99: result.latency.p99,
        cpuMs: (cpuMsOf(server.pid) - cpuBefore) / result.requests.total,
      }
    }
    // Warm both (JIT, connection pools, PostgreSQL's cache) before anything counts.
    await run(isoko, isokoUrl, { cookie }, 2)
    await run(bare, bare.url, {}, 2)
    const encodings = [
      ['identity', {}],
      ['br', { 'accept-encoding': 'br' }],
      ['gzip', { 'accept-encoding': 'gzip' }],
    ]
    const figures = []
    for (const [name, headers] of encodings) {
      // Alternated in the same window, so a busy moment of this shared machine weighs on both alike.
      const a = await run(isoko, isokoUrl, { cookie, ...headers })
      const b = await run(bare, bare.url, headers)
      figures.push({ name, isoko: a, bare: b, ratio: a.rps / b.rps })
      note(`${name}: Isoko ${a.rps.toFixed(0)} req/s, bare ${b.rps.toFixed(0)} req/s`)
    }
    const rate = (value) => `${Math.round(value).toLocaleString('en')} req/s`
    const line = figures
      .map(
        ({ name, isoko: a, bare: b, ratio }) =>
          `${name}: Isoko ${rate(a.rps)} p99 ${a.p99} ms, bare ${rate(b.rps)} p99 ${b.p99} ms, ratio ${ratio.toFixed(2)}` +
          ` (CPU per request ${a.cpuMs.toFixed(2)} / ${b.cpuMs.toFixed(2)} ms)`,
      )
      .join('; ')
    const worst = Math.min(...figures.map((figure) => figure.ratio))
    const what = `API overhead, vendor products page 1 of ${PAGE_SIZE} (${shop.PRODUCTS.toLocaleString('en')} × ${shop.VARIANTS_EACH} variants, PostgreSQL, ${connections} connections, ${duration} s each)`
    const common = await import('./lib/common.mjs').catch(() => null)
    if (common?.report) {
      common.report('overhead', {
        what,
        figures: line,
        target: '≥ 0.8 of the bare handler',
        met: worst >= 0.8,
      })
    } else {
      console.log(`${what}: ${line} | target ≥ 0.8 of the bare handler → ${worst >= 0.8 ? 'met' : 'NOT met'}`)
    }
  } finally {
    clearTimeout(watchdog)
    await stopAll()
  }
}

if (process.argv.includes('--bare')) {
  await runBareServer()
} else {
  await main().catch((error) => {
    console.error(`overhead: ${error.message}`)
    process.exit(1)
  })
}
