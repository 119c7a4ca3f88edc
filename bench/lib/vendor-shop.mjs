// What bench/overhead.mjs and bench/cold-start.mjs share: one approved shop with PRODUCTS products of
// VARIANTS_EACH variants each (seeded in SQL, idempotent, on PostgreSQL or an embedded PGlite folder), the
// built server started as `npm start` runs it (its own pid, so /proc tells its memory), and readings of that
// memory. Local only: every server listens on 127.0.0.1.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
export const PRODUCTS = 2000
export const VARIANTS_EACH = 4
export const SHOP = {
  email: 'overhead-bench@isoko.test',
  password: 'Isoko-bench-2024!',
  fullName: 'Uwase Bench',
  shopName: 'Isoko bench shop (2,000 products)',
}
export const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123'

const SIZES = ['s', 'm', 'l', 'xl']

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })

/** A field of /proc/<pid>/status (VmRSS, VmHWM) in MB; NaN once the process is gone. */
export function memoryOf(pid, field = 'VmRSS') {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${field}:`))
    return line ? Number(line.split(/\s+/)[1]) / 1024 : NaN
  } catch {
    return NaN
  }
}

const quoteIdentifier = (name) => `"${name.replace(/"/g, '""')}"`

/** Creates the database a PostgreSQL URL names when the server does not have it yet. */
export async function ensureDatabase(url) {
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1))
  if (!name) throw new Error(`${url} names no database`)
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  try {
    await client.connect()
  } catch (error) {
    throw new Error(`cannot reach PostgreSQL at ${admin.host}: ${error.message}`)
  }
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name])
    if (!rowCount) {
      await client.query(`create database ${quoteIdentifier(name)}`)
      return true
    }
    return false
  } finally {
    await client.end()
  }
}

/** Drops and creates a database again (cold starts on an empty database). */
export async function recreateDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1))
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  try {
    await client.query(`drop database if exists ${quoteIdentifier(name)}`)
    await client.query(`create database ${quoteIdentifier(name)}`)
  } finally {
    await client.end()
  }
}

/**
 * The bench shop, made once: a confirmed vendor account with a password (the auth library's own hash), an
 * approved shop on the unlimited plan, and PRODUCTS products with VARIANTS_EACH variants each, created a
 * minute apart so the newest-first order is stable. `query(text, params)` runs one statement (pg or PGlite);
 * the database must be migrated. Returns the shop's vendor id and product count.
 */
export async function seedShop(query) {
  const existing = await query(
    `select v.id, (select count(*)::int from products p where p.vendor_id = v.id) as products
       from users u join vendors v on v.user_id = u.id where lower(u.email) = $1`,
    [SHOP.email],
  )
  if (existing.rows[0]?.products === PRODUCTS) {
    // Every run signs the shop in: runs in a row would meet the account's sign-in limit (10 in 15 minutes).
    await query('delete from rate_limits where key = $1', [`login:email:${SHOP.email}`])
    return { vendorId: existing.rows[0].id, created: false }
  }
  if (existing.rows[0]) throw new Error(`${SHOP.email} exists with another catalogue: use an empty database`)

  const { hashPassword } = await import('better-auth/crypto')
  const hash = await hashPassword(SHOP.password)
  await query('begin')
  try {
    const user = await query(
      `insert into users (email, full_name, role, email_verified) values ($1, $2, 'vendor', true) returning id`,
      [SHOP.email, SHOP.fullName],
    )
    const userId = user.rows[0].id
    await query(
      `insert into accounts (user_id, account_id, provider_id, password) values ($1, $2, 'credential', $3)`,
      [userId, userId, hash],
    )
    const vendor = await query(
      `insert into vendors (user_id, shop_name, business_address, phone, payout_method, payout_details, status, subscription_plan)
       values ($1, $2, 'KN 4 Ave, Kigali', '+250788123456', 'mobile_money', '{"provider":"mtn","mobileNumber":"+250788123456"}', 'approved', 'unlimited')
       returning id`,
      [userId, SHOP.shopName],
    )
    const vendorId = vendor.rows[0].id
    await query(
      `insert into products (vendor_id, name, description, category, images, status, created_at)
       select $1, 'Igitenge ' || lpad(n::text, 4, '0'),
              'Kitenge wax print, 6 yards, cotton. Imyenda myiza ikozwe mu Rwanda, batch ' || n,
              'Clothes', jsonb_build_array('/api/files/' || gen_random_uuid()), 'approved',
              now() - make_interval(mins => n)
         from generate_series(1, $2::int) as n`,
      [vendorId, PRODUCTS],
    )
    await query(
      `insert into variants (product_id, vendor_id, sku, price, stock, attributes)
       select p.id, p.vendor_id,
              upper(replace(p.name, ' ', '-')) || '-' || upper($2::text) || '-' || upper(s.size),
              5000 + (row_number() over (order by p.created_at) % 40) * 500 + s.i * 250, 10 + s.i,
              jsonb_build_object('color', $2::text, 'size', s.size)
         from products p
         cross join lateral (select size, i from unnest($3::text[]) with ordinality as t(size, i)) s
        where p.vendor_id = $1`,
      [vendorId, 'red', SIZES],
    )
    await query('commit')
    // Fresh statistics, as autovacuum would have them a minute later: plans as a live shop gets them.
    await query('analyze users, accounts, vendors, products, variants')
    return { vendorId, created: true }
  } catch (error) {
    await query('rollback').catch(() => {})
    throw error
  }
}

/** seedShop on a PostgreSQL database through one connection. */
export async function seedShopOnPostgres(url) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await seedShop((text, params) => client.query(text, params))
  } finally {
    await client.end()
  }
}

/** seedShop on an embedded database folder (the server must be stopped: PGlite is one process). */
export async function seedShopOnPglite(dataDir) {
  const { PGlite } = await import('@electric-sql/pglite')
  // The extensions the server opens it with (src/server/db/client.ts): the trigram indexes need theirs.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } })
  try {
    return await seedShop((text, params) => db.query(text, params))
  } finally {
    await db.close()
  }
}

/** Builds the server when dist/server is missing or older than its sources, as `npm start` does. */
export async function ensureBuiltServer() {
  const { buildServer, serverBuildIsStale, serverOutDir } = await import(
    path.join(root, 'scripts', 'build-server.mjs')
  )
  const reason = serverBuildIsStale()
  if (reason) {
    process.stderr.write(`  building the server (${reason})\n`)
    await buildServer()
  }
  return path.join(serverOutDir, 'main.js')
}

/**
 * Starts the built server (`node --enable-source-maps dist/server/main.js`, what `npm start` runs) with
 * production settings on 127.0.0.1 and resolves once /api/health answers 200, with the time that took.
 * BENCH_SERVER_NODE_ARGS adds options to its node, for a profile of the server alone: node refuses
 * `--cpu-prof` in NODE_OPTIONS (`BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`).
 */
export async function startServer({ databaseUrl, dataDir, env = {}, timeoutMs = 180_000 }) {
  const main = await ensureBuiltServer()
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl ?? '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      AUTH_SECRET,
      SMTP_URL: '',
      STORAGE_DRIVER: 'local',
      // Every request of a benchmark comes from 127.0.0.1.
      SIGN_INS_PER_ADDRESS: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}) while starting:\n${output}`)
    try {
      const response = await fetch(`${url}/api/health`)
      await response.arrayBuffer()
      if (response.status === 200) break
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) {
      await stop()
      throw new Error(`no answer from ${url}/api/health within ${timeoutMs / 1000} s:\n${output}`)
    }
    await sleep(10)
  }
  return { url, pid: child.pid, startMs: performance.now() - started, output: () => output, stop }
}

/** Signs the bench shop in through the API and returns the Cookie header for its requests. */
export async function signInShop(url) {
  const response = await fetch(`${url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: SHOP.email, password: SHOP.password }),
  })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`sign-in of the bench shop: ${response.status} ${text}`)
  const cookie = response.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0])
    .join('; ')
  if (!cookie) throw new Error('sign-in of the bench shop: no session cookie')
  return cookie
}
