import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { openPglite, openPostgres, type Database } from '../../src/server/db/client'
import { orderImportColumns } from '../../src/shared/schemas/order'
import { pdfDocument } from '../fixtures/files'
import { dropDatabase, onServer, testDatabasePrefix, withDatabaseName } from '../fixtures/postgres'
import { callServer as call, expectCall, freePort, untilHealthy } from '../fixtures/server-process'

/**
 * Faults a real server process meets: killed in the middle of an order import, a database that is not there at
 * start, a database lost while serving. Each test starts `src/server/main.ts` as a child process (Node with the
 * tsx loader, so a signal reaches the server itself), on a fresh DATA_DIR and, with TEST_DATABASE_URL, on a
 * database of its own, and seeds it through the HTTP API as a person would.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const TSX_LOADER = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href
const MAIN = path.join(ROOT, 'src/server/main.ts')
const serverUrl = process.env.TEST_DATABASE_URL
const PASSWORD = 'Isoko-faults-2024!'

const children = new Set<ChildProcess>()
const folders: string[] = []
const databases: string[] = []

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  if (serverUrl) {
    await onServer(serverUrl, async (client) => {
      for (const name of databases) {
        await client.query(`alter database "${name}" allow_connections true`).catch(() => {})
        await dropDatabase(client, name)
      }
    })
  }
}, 30_000)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `probe` until it returns something other than undefined; fails after `timeoutMs`, saying what it waited for. */
async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = await probe().catch(() => undefined)
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await sleep(100)
  }
}

const tempFolder = () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'isoko-faults-'))
  folders.push(folder)
  return folder
}

/** A database of this test's own on the TEST_DATABASE_URL server (dropped in afterAll). */
async function newDatabase(): Promise<string> {
  const name = `${testDatabasePrefix(inject('testRunId'))}faults_${randomBytes(4).toString('hex')}`
  await onServer(serverUrl!, (client) => client.query(`create database "${name}"`))
  databases.push(name)
  return name
}

type LogLine = { msg?: string; to?: string; link?: string; level?: number }

type Server = {
  /** For the messages of a failed call or start. */
  name: string
  child: ChildProcess
  url: string
  output: () => string
  logLines: () => LogLine[]
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

type Setup = { dataDir: string; port: number; databaseUrl?: string }

/**
 * Starts the server as `npm run serve` would, with nothing from the developer's shell or `.env` (an empty value
 * counts as unset, and dotenv never overrides a variable that exists): the outbox instead of SMTP, local files.
 */
function startServer({ dataDir, port, databaseUrl }: Setup): Server {
  const url = `http://127.0.0.1:${port}`
  const blank = [
    'SMTP_URL',
    'AUTH_SECRET',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'STORAGE_DRIVER',
    'TRUST_PROXY',
  ]
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...Object.fromEntries(blank.map((key) => [key, ''])),
    DATABASE_URL: databaseUrl ?? '',
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.json'),
  }
  // The folder of the data directory as working directory: no `.env` there, and no built web app.
  const child = spawn(process.execPath, ['--import', TSX_LOADER, MAIN], {
    cwd: path.dirname(dataDir),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  let output = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const logLines = () =>
    output.split('\n').flatMap((line) => {
      if (!line.startsWith('{')) return []
      try {
        return [JSON.parse(line) as LogLine]
      } catch {
        return []
      }
    })
  return { name: `server on port ${port}`, child, url, output: () => output, logLines, exited }
}

async function healthStatus(server: Server): Promise<number> {
  const response = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(15_000) })
  return response.status
}

/** Stops the server as an operator would (SIGTERM), and waits for it to exit. */
async function stopServer(server: Server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return
  server.child.kill('SIGTERM')
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000)
  await server.exited
  clearTimeout(timer)
}

async function signIn(server: Server, email: string) {
  const answer = await expectCall(server, 200, 'POST', '/api/account/login', {
    json: { email, password: PASSWORD },
  })
  return answer.cookie
}

/** The first admin, from the one-time link the server printed at start. */
async function firstAdmin(server: Server) {
  const link = await waitFor(
    'the first-admin setup link in the log',
    async () =>
      server
        .logLines()
        .find((line) => line.msg?.includes('Create the first admin'))
        ?.msg?.match(/(https?:\/\/\S+)\s*$/)?.[1],
    15_000,
  )
  const email = `admin-${randomBytes(3).toString('hex')}@example.rw`
  await expectCall(server, 201, 'POST', '/api/setup/admin', {
    json: {
      token: new URL(link).hash.replace(/^#token=/, ''),
      fullName: 'Admin Faults',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  })
  return { email, cookie: await signIn(server, email) }
}

/** A vendor who registered, confirmed the e-mail from the link in the log, registered a shop and was approved. */
async function approvedVendor(server: Server, adminCookie: string) {
  const email = `vendor-${randomBytes(3).toString('hex')}@example.rw`
  await expectCall(server, 201, 'POST', '/api/account/register', {
    json: { fullName: 'Aline Uwase', email, password: PASSWORD, confirmPassword: PASSWORD, role: 'vendor' },
  })
  const link = await waitFor(
    'the confirmation link in the log',
    async () => server.logLines().find((line) => line.to === email && line.link)?.link,
    15_000,
  )
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('access_token')
  await expectCall(server, 200, 'POST', '/api/account/confirm-email', { json: { token } })
  const cookie = await signIn(server, email)
  const form = new FormData()
  form.append('purpose', 'gov_id')
  form.append('file', new Blob([new Uint8Array(pdfDocument())], { type: 'application/pdf' }), 'id.pdf')
  const govId = (await expectCall(server, 201, 'POST', '/api/uploads', { form, cookie })).body.id as string
  const shopName = `Faults Shop ${randomBytes(3).toString('hex')}`
  const registered = await expectCall(server, 201, 'POST', '/api/vendor/registration', {
    cookie,
    json: {
      fullName: 'Aline Uwase',
      phone: '0788123456',
      shopName,
      businessAddress: 'KN 4 Ave, Kigali',
      govId,
      idDocuments: [],
      businessDocuments: [],
      payoutMethod: 'mobile_money',
      payoutDetails: { provider: 'mtn', mobileNumber: '0788123456' },
    },
  })
  const vendorId = registered.body.id as string
  await expectCall(server, 200, 'PATCH', `/api/admin/vendors/${vendorId}/status`, {
    cookie: adminCookie,
    json: { status: 'approved' },
  })
  return { email, cookie, vendorId, shopName }
}

/** Opens the database the server used, once it has stopped (PGlite allows one process at a time). */
async function openServerDatabase({ dataDir, databaseUrl }: Setup): Promise<Database> {
  return databaseUrl ? openPostgres(databaseUrl, 2) : openPglite(path.join(dataDir, 'pg'))
}

async function newSetup(): Promise<Setup> {
  const dataDir = path.join(tempFolder(), 'data')
  const port = await freePort()
  return {
    dataDir,
    port,
    databaseUrl: serverUrl ? withDatabaseName(serverUrl, await newDatabase()) : undefined,
  }
}

/**
 * Waits until the import has committed orders, and says how many it saw, asking the server itself: it keeps
 * answering other requests while an import runs (the import lets queued requests through between rows), on
 * the embedded database as on PostgreSQL, so the orders list counts what has been committed so far.
 */
async function ordersUnderway(server: Server, adminCookie: string, importing: Promise<unknown>) {
  const failing = async (error: Error): Promise<never> => {
    throw new Error(
      `${error.message}; the import answered ${JSON.stringify(await importing)}\n${server.output().slice(-3000)}`,
    )
  }
  return waitFor(
    'orders committed by the import, read through the API while it runs',
    async () => {
      const listed = await call(server, 'GET', '/api/admin/orders?pageSize=1', {
        cookie: adminCookie,
        timeoutMs: 5_000,
      }).catch(() => undefined)
      const n = (listed?.body as { total?: number } | undefined)?.total ?? 0
      return n >= 50 ? n : undefined
    },
    60_000,
  ).catch(failing)
}

describe('the server killed in the middle of an order import', () => {
  // Rows commit 250 to a transaction (orders, stock, audit entries): a crash may stop the import anywhere, and what
  // was committed must still add up, or the shop sells stock it no longer has (or has stock it sold).
  it('keeps every committed order with its stock taken and no half order, and starts again on the same data', async () => {
    const setup = await newSetup()
    const initialStock = 20_000
    const rows = 10_000
    let server = startServer(setup)
    await untilHealthy(server)
    const admin = await firstAdmin(server)
    const vendor = await approvedVendor(server, admin.cookie)
    const product = (
      await expectCall(server, 201, 'POST', '/api/vendor/products', {
        cookie: vendor.cookie,
        json: {
          name: 'Agaseke basket',
          description: 'Hand-woven in Gitarama',
          category: 'Home Decor',
          price: 5_000,
          images: [],
          hasVariants: false,
          colors: [],
          sizes: [],
          variants: [{ price: 5_000, stock: initialStock }],
        },
      })
    ).body as { id: string; variants: { id: string; sku: string; stock: number }[] }
    const variant = product.variants[0]!

    const lines = Array.from(
      { length: rows },
      (_, i) =>
        `Customer ${i + 1},customer${i + 1}@example.rw,${vendor.shopName},Agaseke basket,${variant.sku},1`,
    )
    const file = `${orderImportColumns.join(',')}\r\n${lines.join('\r\n')}\r\n`
    expect(file.length).toBeLessThan(2 * 1024 * 1024)
    const form = new FormData()
    form.append('file', new Blob([file], { type: 'text/csv' }), 'orders.csv')
    const importing = call(server, 'POST', '/api/admin/orders/import?dryRun=false', {
      form,
      cookie: admin.cookie,
      timeoutMs: 120_000,
    }).catch((error: unknown) => error)

    // Orders are committing: kill the process between (or inside) two rows' transactions, without warning.
    const seenBeforeKill = await ordersUnderway(server, admin.cookie, importing)
    server.child.kill('SIGKILL')
    expect((await server.exited).signal).toBe('SIGKILL')
    const importAnswer = await importing
    // The import never finished: the connection died with the process.
    expect(importAnswer).toBeInstanceOf(Error)

    server = startServer(setup)
    await untilHealthy(server)
    // The session outlived the crash (sessions are in the database), and the lists read the committed state.
    const listed = await expectCall(server, 200, 'GET', '/api/admin/orders?pageSize=1', {
      cookie: admin.cookie,
    })
    const committed = listed.body.total as number
    expect(committed).toBeGreaterThanOrEqual(Math.max(seenBeforeKill, 1))
    expect(committed).toBeLessThan(rows)
    const read = await expectCall(server, 200, 'GET', `/api/vendor/products/${product.id}`, {
      cookie: vendor.cookie,
    })
    expect(read.body.variants[0].stock + committed).toBe(initialStock)
    // The restarted process sells as before.
    await expectCall(server, 201, 'POST', '/api/admin/orders', {
      cookie: admin.cookie,
      json: {
        vendorId: vendor.vendorId,
        productId: product.id,
        variantId: variant.id,
        customerName: 'After Restart',
        customerEmail: 'after.restart@example.rw',
        quantity: 1,
      },
    })
    await stopServer(server)

    const database = await openServerDatabase(setup)
    try {
      const result = await database.db.execute<{
        orders: number
        sold: number
        stock: number
        unaudited: number
      }>(sql`
        select
          (select count(*)::int from orders where variant_id = ${variant.id}) as orders,
          (select coalesce(sum(quantity), 0)::int from orders where variant_id = ${variant.id}) as sold,
          (select stock from variants where id = ${variant.id}) as stock,
          (select count(*)::int from orders o where not exists (
             select 1 from audit_logs a where a.target_table = 'orders' and a.target_id = o.id::text
           )) as unaudited`)
      const [state] = (
        result as unknown as { rows: { orders: number; sold: number; stock: number; unaudited: number }[] }
      ).rows
      console.info(
        `[faults] import of ${rows} rows killed with ${seenBeforeKill} orders seen; ${committed} committed; ` +
          `stock ${state!.stock} + sold ${state!.sold} = ${state!.stock + state!.sold} (initial ${initialStock})`,
      )
      // Every committed order has its stock taken, and every unit taken belongs to an order.
      expect(state!.orders).toBe(committed + 1)
      expect(state!.sold + state!.stock).toBe(initialStock)
      // No half order: each order has the audit entry written in its transaction.
      expect(state!.unaudited).toBe(0)
    } finally {
      await database.close()
    }
  }, 150_000)
})

describe('the database unreachable at start', () => {
  // An operator with a wrong DATABASE_URL (or PostgreSQL not started) must read which setting to check, not a trace.
  it('exits non-zero with one line naming DATABASE_URL, no stack trace', async () => {
    const closedPort = await freePort()
    const server = startServer({
      dataDir: path.join(tempFolder(), 'data'),
      port: await freePort(),
      databaseUrl: `postgres://isoko:secret-password@127.0.0.1:${closedPort}/isoko`,
    })
    const exit = await Promise.race([server.exited, sleep(30_000).then(() => 'timeout' as const)])
    expect(exit, server.output()).not.toBe('timeout')
    expect(exit).toMatchObject({ code: 1, signal: null })
    const output = server.output()
    expect(output).toMatch(/cannot reach the database named by DATABASE_URL/)
    expect(output).toContain(`127.0.0.1:${closedPort}`)
    expect(output).toContain('ECONNREFUSED')
    expect(output).not.toContain('secret-password')
    expect(output).not.toMatch(/^\s+at /m)
  }, 40_000)
})

describe('the database unreachable while serving', () => {
  // A database restart or failover must not turn into 500s or hung requests, nor need the app to be restarted.
  it.skipIf(!serverUrl)(
    'answers 503 errors.unavailable (health too) and recovers in the same process once it is back (PostgreSQL only: an embedded PGlite cannot become unreachable)',
    async () => {
      const setup = await newSetup()
      const name = new URL(setup.databaseUrl!).pathname.slice(1)
      const server = startServer(setup)
      await untilHealthy(server)
      const admin = await firstAdmin(server)
      await expectCall(server, 200, 'GET', '/api/admin/dashboard', { cookie: admin.cookie })

      // Cut it off: no new connections to this database, and the server's open ones ended.
      await onServer(serverUrl!, async (client) => {
        await client.query(`alter database "${name}" allow_connections false`)
        await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        )
      })
      try {
        const started = Date.now()
        expect(await healthStatus(server)).toBe(503)
        for (const [method, urlPath] of [
          ['GET', '/api/admin/dashboard'],
          ['GET', '/api/admin/orders'],
          ['POST', '/api/admin/orders'],
        ] as const) {
          const answer = await call(server, method, urlPath, {
            cookie: admin.cookie,
            ...(method === 'POST' ? { json: {} } : {}),
          })
          expect(answer.status, `${method} ${urlPath}: ${JSON.stringify(answer.body)}`).toBe(503)
          expect(answer.body.error.messageKey).toBe('errors.unavailable')
          expect(answer.body.error.code).toBe('UNAVAILABLE')
        }
        // Answered at once, not after a connection timeout.
        expect(Date.now() - started).toBeLessThan(10_000)
      } finally {
        await onServer(serverUrl!, (client) =>
          client.query(`alter database "${name}" allow_connections true`),
        )
      }

      // Back: the same process answers again, without a restart.
      await waitFor(
        'health 200 again',
        async () => ((await healthStatus(server)) === 200 ? true : undefined),
        20_000,
      )
      const dashboard = await expectCall(server, 200, 'GET', '/api/admin/dashboard', { cookie: admin.cookie })
      expect(dashboard.status).toBe(200)
      expect(server.child.exitCode).toBeNull()
      await stopServer(server)
    },
    90_000,
  )
})
