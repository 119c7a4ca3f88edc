import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { pdfDocument, phoneJpeg } from '../fixtures/files'
import { dropDatabase, onServer, testDatabasePrefix, withDatabaseName } from '../fixtures/postgres'
import { startLocalS3, type LocalS3 } from '../fixtures/s3-server'
import {
  callServer,
  expectCall as expectServerCall,
  freePort,
  untilHealthy,
  type CallOptions,
} from '../fixtures/server-process'

/**
 * Scale-out (docs/deploy.md): two server processes, A and B, on one PostgreSQL database and one S3-compatible
 * bucket, as behind a load balancer that sends a person's requests to either. Each process has its own empty
 * DATA_DIR, so nothing can pass between them through local disk or memory: what B knows of A's work, it read
 * from PostgreSQL or the bucket. Both are started together on a fresh database (their migrations race), as
 * processes started from the sources (Node with the tsx loader, so SIGTERM reaches the server itself; the same
 * code `npm run build` bundles into dist/server).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const TSX_LOADER = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href
const MAIN = path.join(ROOT, 'src/server/main.ts')
const serverUrl = process.env.TEST_DATABASE_URL
const PASSWORD = 'Isoko-scale-2024!'
/** The address people reach Isoko at: the reverse proxy's, the same for every process behind it. */
const PUBLIC_URL = 'http://isoko.localhost'
/** Small, so the test reaches it in a few attempts (the default is 200). */
const SIGN_INS_PER_ADDRESS = 5

const children = new Set<ChildProcess>()
const folders: string[] = []
const databases: string[] = []

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
  const folder = mkdtempSync(path.join(os.tmpdir(), 'isoko-scale-'))
  folders.push(folder)
  return folder
}

type LogLine = { msg?: string; to?: string; link?: string }

type Server = {
  name: string
  child: ChildProcess
  url: string
  dataDir: string
  output: () => string
  logLines: () => LogLine[]
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/**
 * Starts one process with the settings every process behind the proxy shares (DATABASE_URL, AUTH_SECRET,
 * PUBLIC_URL, the bucket, TRUST_PROXY=1 for the one proxy) and a port and DATA_DIR of its own. Nothing comes
 * from the developer's shell or `.env`: an empty value counts as unset, and dotenv never overrides a variable.
 */
function startServer(name: string, shared: Record<string, string>, port: number): Server {
  const url = `http://127.0.0.1:${port}`
  const dataDir = path.join(tempFolder(), 'data')
  const blank = ['SMTP_URL', 'REGISTRATIONS_PER_ADDRESS']
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...Object.fromEntries(blank.map((key) => [key, ''])),
    ...shared,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(port),
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
  return { name, child, url, dataDir, output: () => output, logLines, exited }
}

/** One API call as the proxy hands it on: the public Origin on writes (CSRF), with `forwardedFor` as the proxy appends it. */
const call = (server: Server, method: string, urlPath: string, options: CallOptions = {}) =>
  callServer(server, method, urlPath, { origin: PUBLIC_URL, ...options })

const expectCall = (
  server: Server,
  status: number,
  method: string,
  urlPath: string,
  options: CallOptions = {},
) => expectServerCall(server, status, method, urlPath, { origin: PUBLIC_URL, ...options })

async function fetchBytes(server: Server, urlPath: string, cookie?: string) {
  const response = await fetch(`${server.url}${urlPath}`, {
    headers: cookie ? { cookie } : {},
    signal: AbortSignal.timeout(15_000),
  })
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  }
}

const signIn = async (server: Server, email: string) =>
  (await expectCall(server, 200, 'POST', '/api/account/login', { json: { email, password: PASSWORD } }))
    .cookie

type Change = { topic: string; id?: string }
const TIMEOUT = Symbol('timeout')

/** Opens /api/events on a process and reads it as a browser's EventSource would. */
async function openStream(server: Server, cookie: string) {
  const controller = new AbortController()
  const response = await fetch(`${server.url}/api/events`, { headers: { cookie }, signal: controller.signal })
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined
  const comments: string[] = []

  /** One read at a time: a read abandoned on timeout is picked up again by the next call, so no chunk is lost. */
  async function pull(timeoutMs: number) {
    pending ??= reader.read()
    let timer: NodeJS.Timeout | undefined
    const result = await Promise.race([
      pending,
      new Promise<typeof TIMEOUT>((resolve) => {
        timer = setTimeout(() => resolve(TIMEOUT), timeoutMs)
      }),
    ])
    clearTimeout(timer)
    if (result !== TIMEOUT) pending = undefined
    return result
  }

  /** The next `change` event, TIMEOUT, or 'ended' when the server closed the stream. */
  async function next(timeoutMs: number): Promise<Change | typeof TIMEOUT | 'ended'> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end >= 0) {
        const lines = buffer.slice(0, end).split('\n')
        buffer = buffer.slice(end + 2)
        comments.push(...lines.filter((line) => line.startsWith(':')))
        const event = lines.find((line) => line.startsWith('event: '))?.slice(7)
        const data = lines.find((line) => line.startsWith('data: '))?.slice(6)
        if (event === 'change' && data) return JSON.parse(data) as Change
        continue
      }
      const result = await pull(Math.max(1, deadline - Date.now())).catch(() => ({ done: true }) as const)
      if (result === TIMEOUT) return TIMEOUT
      if (result.done) return 'ended'
      buffer += decoder.decode(result.value, { stream: true })
    }
  }

  return { response, comments, next, close: () => controller.abort() }
}

/** Stops a process as an operator would (SIGTERM) and waits for it; SIGKILL past `timeoutMs`. */
async function stopServer(server: Server, timeoutMs = 10_000) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited
  server.child.kill('SIGTERM')
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs)
  const exit = await server.exited
  clearTimeout(timer)
  return exit
}

let s3: LocalS3
let a: Server
let b: Server
let admin: { email: string; cookie: string }
let vendor: { email: string; cookie: string; vendorId: string }

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  await Promise.all(
    [...children].map((child) =>
      child.exitCode === null && child.signalCode === null
        ? new Promise((resolve) => child.once('exit', resolve))
        : undefined,
    ),
  )
  await s3?.stop()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  if (serverUrl && databases.length > 0)
    await onServer(serverUrl, async (client) => {
      for (const name of databases) await dropDatabase(client, name)
    })
}, 30_000)

describe.skipIf(!serverUrl)(
  'two server processes on one PostgreSQL and one S3 bucket (PostgreSQL only: an embedded PGlite DATA_DIR is opened by exactly one process)',
  () => {
    beforeAll(async () => {
      const database = `${testDatabasePrefix(inject('testRunId'))}scale_${randomBytes(4).toString('hex')}`
      await onServer(serverUrl!, (client) => client.query(`create database "${database}"`))
      databases.push(database)
      s3 = await startLocalS3('isoko-scale')
      const shared = {
        DATABASE_URL: withDatabaseName(serverUrl!, database),
        DATABASE_POOL_SIZE: '4',
        AUTH_SECRET: randomBytes(32).toString('base64url'),
        PUBLIC_URL,
        TRUST_PROXY: '1',
        SIGN_INS_PER_ADDRESS: String(SIGN_INS_PER_ADDRESS),
        // Google sign-in on (its start needs no network), so its per-address limit is tested across both too.
        GOOGLE_CLIENT_ID: 'isoko-scale.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'isoko-scale-google-secret',
        ...s3.env,
      }
      const [portA, portB] = [await freePort(), await freePort()]
      // Started together on an empty database: both apply the migrations at once (client.ts serialises them).
      a = startServer('A', shared, portA)
      b = startServer('B', shared, portB)
      const starting = performance.now()
      await Promise.all([untilHealthy(a, 90_000), untilHealthy(b, 90_000)])
      console.info(
        `[scale-out] processes A and B healthy ${Math.round(performance.now() - starting)} ms after both started on an empty database`,
      )

      // The first admin, from the one-time link A printed (B printed its own; either works once).
      const link = await waitFor(
        'the first-admin setup link in the log of A',
        async () =>
          a
            .logLines()
            .find((line) => line.msg?.includes('Create the first admin'))
            ?.msg?.match(/(https?:\/\/\S+)\s*$/)?.[1],
        15_000,
      )
      const adminEmail = `admin-${randomBytes(3).toString('hex')}@example.rw`
      await expectCall(a, 201, 'POST', '/api/setup/admin', {
        json: {
          token: new URL(link).hash.replace(/^#token=/, ''),
          fullName: 'Admin Scale',
          email: adminEmail,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
      })
      admin = { email: adminEmail, cookie: await signIn(a, adminEmail) }

      // A vendor registers on A, confirms from the mailed link, registers a shop on B, and is approved on A.
      const email = `vendor-${randomBytes(3).toString('hex')}@example.rw`
      await expectCall(a, 201, 'POST', '/api/account/register', {
        json: {
          fullName: 'Aline Uwase',
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          role: 'vendor',
        },
      })
      const confirmLink = await waitFor(
        'the confirmation link in the log of A',
        async () => a.logLines().find((line) => line.to === email && line.link)?.link,
        15_000,
      )
      const token = new URLSearchParams(new URL(confirmLink).hash.slice(1)).get('access_token')
      await expectCall(b, 200, 'POST', '/api/account/confirm-email', { json: { token } })
      const cookie = await signIn(b, email)
      const form = new FormData()
      form.append('purpose', 'gov_id')
      form.append('file', new Blob([new Uint8Array(pdfDocument())], { type: 'application/pdf' }), 'id.pdf')
      const govId = (await expectCall(b, 201, 'POST', '/api/uploads', { form, cookie })).body.id as string
      const registered = await expectCall(b, 201, 'POST', '/api/vendor/registration', {
        cookie,
        json: {
          fullName: 'Aline Uwase',
          phone: '0788123456',
          shopName: `Isoko Scale ${randomBytes(3).toString('hex')}`,
          businessAddress: 'KN 4 Ave, Kigali',
          govId,
          idDocuments: [],
          businessDocuments: [],
          payoutMethod: 'mobile_money',
          payoutDetails: { provider: 'mtn', mobileNumber: '0788123456' },
        },
      })
      const vendorId = registered.body.id as string
      await expectCall(a, 200, 'PATCH', `/api/admin/vendors/${vendorId}/status`, {
        cookie: admin.cookie,
        json: { status: 'approved' },
      })
      vendor = { email, cookie, vendorId }
    }, 150_000)

    // Behind a load balancer a person's next request may reach any process: a session must not live in one.
    it('a session signed in on A works on B, and signing out on B ends it on A', async () => {
      const cookie = await signIn(a, vendor.email)
      expect(cookie).toMatch(/session_token=/)
      const onB = await expectCall(b, 200, 'GET', '/api/account/me', { cookie })
      expect(onB.body.user).toMatchObject({ email: vendor.email, role: 'vendor' })
      expect(onB.body.vendor).toMatchObject({ id: vendor.vendorId, status: 'approved' })
      expect((await call(b, 'GET', '/api/account/me')).status).toBe(401)

      await expectCall(b, 200, 'POST', '/api/account/logout', { cookie })
      const onA = await call(a, 'GET', '/api/account/me', { cookie })
      expect(onA.status).toBe(401)
      expect(onA.body.error.code).toBe('UNAUTHENTICATED')
    })

    // The admin's screen is connected to whichever process the balancer chose, not the one that took the request.
    it("a vendor's payout requested through A appears live on an admin's event stream opened on B", async () => {
      // Money to pay out: an order for the vendor's product, completed (all through A).
      const product = (
        await expectCall(a, 201, 'POST', '/api/vendor/products', {
          cookie: vendor.cookie,
          json: {
            name: 'Agaseke basket',
            description: 'Hand-woven in Gitarama',
            category: 'Home Decor',
            price: 12_000,
            images: [],
            hasVariants: false,
            colors: [],
            sizes: [],
            variants: [{ price: 12_000, stock: 5 }],
          },
        })
      ).body as { id: string; variants: { id: string }[] }
      const order = await expectCall(a, 201, 'POST', '/api/admin/orders', {
        cookie: admin.cookie,
        json: {
          vendorId: vendor.vendorId,
          productId: product.id,
          variantId: product.variants[0]!.id,
          customerName: 'Eric Mugisha',
          customerEmail: 'eric.mugisha@example.rw',
          quantity: 2,
        },
      })
      await expectCall(a, 200, 'PATCH', `/api/admin/orders/${order.body.id}/status`, {
        cookie: admin.cookie,
        json: { status: 'completed' },
      })

      const stream = await openStream(b, admin.cookie)
      let payoutId: string
      try {
        expect(stream.response.status).toBe(200)
        expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/)
        // Nothing changes, nothing arrives: the stream does not invent events (the control for the next step).
        expect(await stream.next(1_500)).toBe(TIMEOUT)
        expect(stream.comments).toContain(': connected')

        const sent = performance.now()
        const payout = await expectCall(a, 201, 'POST', '/api/vendor/payouts', {
          cookie: vendor.cookie,
          json: { amount: 20_000 },
        })
        payoutId = payout.body.id as string
        expect(await stream.next(10_000)).toEqual({ topic: 'payouts', id: payoutId })
        console.info(
          `[scale-out] the payout requested through A reached the stream on B ${Math.round(performance.now() - sent)} ms after the request was sent`,
        )
      } finally {
        stream.close()
      }
      // And B lists it, from the database both write to.
      const listed = await expectCall(b, 200, 'GET', '/api/admin/payouts', { cookie: admin.cookie })
      expect(listed.body.items.map((item: { id: string }) => item.id)).toEqual([payoutId])
    })

    // A picture uploaded through one process is shown to shoppers by any other: files live in the bucket.
    it('a picture uploaded through A is served by B, the same bytes and thumbnail, and is stored in the bucket', async () => {
      const form = new FormData()
      const jpeg = await phoneJpeg({ width: 1600, height: 900 })
      form.append('purpose', 'product_image')
      form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'agaseke.jpg')
      const uploaded = await expectCall(a, 201, 'POST', '/api/uploads', { form, cookie: vendor.cookie })
      const { url, thumbUrl } = uploaded.body as { url: string; thumbUrl: string }

      const [mainA, mainB, thumbA, thumbB] = await Promise.all([
        fetchBytes(a, url),
        fetchBytes(b, url),
        fetchBytes(a, thumbUrl),
        fetchBytes(b, thumbUrl),
      ])
      for (const answer of [mainA, mainB, thumbA, thumbB]) {
        expect(answer.status).toBe(200)
        expect(answer.type).toBe('image/webp')
      }
      expect(mainB.bytes.equals(mainA.bytes)).toBe(true)
      expect(thumbB.bytes.equals(thumbA.bytes)).toBe(true)
      // Upright (the phone's EXIF orientation applied) and within 1280 px; the thumbnail within 320 px.
      expect(await sharp(mainB.bytes).metadata()).toMatchObject({ format: 'webp', width: 720, height: 1280 })
      expect((await sharp(thumbB.bytes).metadata()).height).toBeLessThanOrEqual(320)

      // Stored in the bucket, and in neither process's DATA_DIR.
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: s3.region,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        forcePathStyle: true,
      })
      try {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))
        const keys = (listed.Contents ?? []).map((object) => object.Key!)
        expect(keys.filter((key) => key.endsWith('.webp')).length).toBeGreaterThanOrEqual(2)
      } finally {
        client.destroy()
      }
      for (const server of [a, b]) {
        const local = readdirSync(server.dataDir, { recursive: true }).map(String)
        expect(local.filter((file) => /\.(webp|pdf)$/.test(file))).toEqual([])
      }
    })

    // Password guessing spread over the processes must meet one limit, not one per process.
    it(`the sign-in limit per address (SIGN_INS_PER_ADDRESS=${SIGN_INS_PER_ADDRESS}) counts attempts on both: 3 on A and 3 on B, the 6th refused (password and Google)`, async () => {
      const guesser = '198.51.100.23'
      const attempt = (server: Server, n: number, forwardedFor = guesser) =>
        call(server, 'POST', '/api/account/login', {
          // A new account name each time: only the per-address limit (not the per-account one) can refuse.
          json: { email: `guess-${n}@example.rw`, password: 'not-the-password' },
          forwardedFor,
        })
      const answers = []
      for (const [server, n] of [
        [a, 1],
        [a, 2],
        [a, 3],
        [b, 4],
        [b, 5],
        [b, 6],
      ] as const)
        answers.push(await attempt(server, n))
      expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401])
      expect(answers[5]!.status).toBe(429)
      expect(answers[5]!.body.error).toMatchObject({ code: 'RATE_LIMITED', messageKey: 'errors.rateLimited' })
      // Refused on A too, and only for that address: another client behind the same proxy still signs in.
      expect((await attempt(a, 7)).status).toBe(429)
      expect((await attempt(a, 8, '198.51.100.24')).status).toBe(401)
      await expectCall(b, 200, 'POST', '/api/account/login', {
        json: { email: admin.email, password: PASSWORD },
        forwardedFor: '198.51.100.25',
      })

      // The Google sign-in's starts meet the same kind of limit, counted in the database as well.
      const googleStart = (server: Server) =>
        call(server, 'POST', '/api/auth/sign-in/social', {
          json: { provider: 'google', callbackURL: '/auth/callback' },
          forwardedFor: '198.51.100.26',
        })
      const starts = []
      for (const server of [a, a, a, b, b, b]) starts.push((await googleStart(server)).status)
      expect(starts).toEqual([200, 200, 200, 200, 200, 429])
    })

    // A rolling restart stops one process while the other keeps serving; open streams must not hold it up.
    it('stops each process cleanly on SIGTERM, an open stream included, while the other keeps serving', async () => {
      const stream = await openStream(b, admin.cookie)
      expect(stream.response.status).toBe(200)
      const started = Date.now()
      const exitB = await stopServer(b)
      const stoppedIn = Date.now() - started
      expect(exitB).toEqual({ code: 0, signal: null })
      // Well before main.ts's 5-second forced exit: the stream was ended and its connection closed, not left
      // for the client to hang up (this client after 4 s, a browser or a proxy after a minute).
      expect(stoppedIn).toBeLessThan(3_000)
      expect(await stream.next(1_000)).toBe('ended')
      expect(b.output()).toContain('SIGTERM: shutting down')

      await expectCall(a, 200, 'GET', '/api/admin/dashboard', { cookie: admin.cookie })
      expect(await stopServer(a)).toEqual({ code: 0, signal: null })
      console.info(`[scale-out] process B stopped ${stoppedIn} ms after SIGTERM with an event stream open`)
    })
  },
)
