import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import { createLogger } from '../../src/server/lib/logger'
import { notify } from '../../src/server/realtime/events'
import { eventRoutes } from '../../src/server/realtime/events.routes'
import { openTestDatabase, type TestDatabase } from '../fixtures/database'
import {
  insertOrders,
  insertPayout,
  registeredVendor,
  theAdmin,
  type RegisteredVendor,
} from '../fixtures/money'
import { httpClient, TEST_PUBLIC_URL, type TestApp } from '../fixtures/test-app'
import { DEFAULT_PASSWORD, mailsTo } from '../fixtures/factories'

// The app is built here rather than with createTestApp so the test can see its realtime hub and close it.
let testDatabase: TestDatabase
let dataDir: string
let built: ReturnType<typeof createApp>
let t: TestApp

beforeAll(async () => {
  testDatabase = await openTestDatabase()
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'isoko-test-'))
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: TEST_PUBLIC_URL, LOG_LEVEL: 'silent' },
    { readDotenv: false },
  )
  const { database } = testDatabase
  built = createApp({
    config,
    database,
    logger: createLogger('silent', false),
    webRoot: path.join(dataDir, 'no-web'),
  })
  t = {
    ...built,
    config,
    database,
    db: database.db,
    ...httpClient(built.app, config.publicUrl),
  } as unknown as TestApp
})
afterAll(async () => {
  await built?.close()
  await testDatabase?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

type Change = { topic: string; id?: string }
const TIMEOUT = Symbol('timeout')

/** Opens /api/events in-process and reads it as a browser's EventSource would. */
async function openStream(
  cookie?: string,
  app: Pick<TestApp['app'], 'request'> = t.app,
  url = '/api/events',
) {
  const headers = new Headers()
  if (cookie) headers.set('cookie', cookie)
  const response = await app.request(url, { headers })
  const reader = response.body?.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined
  const comments: string[] = []

  /** One read at a time: a read abandoned on timeout is picked up again by the next call, so no chunk is lost. */
  async function pull(timeoutMs: number) {
    pending ??= reader!.read()
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

  /** The next `change` event, or TIMEOUT; 'ended' when the server closed the stream. */
  async function next(timeoutMs = 5_000): Promise<Change | typeof TIMEOUT | 'ended'> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const lines = block.split('\n')
        comments.push(...lines.filter((line) => line.startsWith(':')))
        const event = lines.find((line) => line.startsWith('event: '))?.slice(7)
        const data = lines.find((line) => line.startsWith('data: '))?.slice(6)
        if (event === 'change' && data) return JSON.parse(data) as Change
        continue
      }
      const result = await pull(Math.max(1, deadline - Date.now()))
      if (result === TIMEOUT) return TIMEOUT
      if (result.done) return 'ended'
      buffer += decoder.decode(result.value, { stream: true })
    }
  }

  return {
    response,
    comments,
    next,
    /** The next change, failing the test when none comes. */
    async change(timeoutMs = 5_000): Promise<Change> {
      const value = await next(timeoutMs)
      if (value === TIMEOUT || value === 'ended')
        throw new Error(`expected a change event, got ${String(value)}`)
      return value
    },
    close: () => reader?.cancel().catch(() => {}),
  }
}

type Stream = Awaited<ReturnType<typeof openStream>>

const requestPayout = async (vendor: RegisteredVendor, amount: number) => {
  const response = await t.post('/api/vendor/payouts', { amount }, { cookie: vendor.cookie })
  expect(response.status, response.text).toBe(201)
  return response.body.id as string
}

/** Waits until the hub has exactly `count` streams (it learns of a closed one asynchronously). */
async function untilConnected(count: number) {
  for (let i = 0; i < 100 && built.realtime.size !== count; i += 1)
    await new Promise((r) => setTimeout(r, 20))
  expect(built.realtime.size).toBe(count)
}

let a: RegisteredVendor
let b: RegisteredVendor
let admin: Awaited<ReturnType<typeof theAdmin>>

beforeAll(async () => {
  admin = await theAdmin(t)
  a = await registeredVendor(t)
  b = await registeredVendor(t)
  await insertOrders(t.db, a.vendorId, [100_000])
  await insertOrders(t.db, b.vendorId, [100_000])
})

describe('GET /api/events', () => {
  // Who may see what is decided on the server; a signed-out visitor gets no stream at all.
  it('refuses signed-out visitors with 401', async () => {
    const response = await t.get('/api/events')
    expect(response.status).toBe(401)
    expect(response.body.error).toMatchObject({
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
  })

  it('answers an event stream that starts with a comment line', async () => {
    const stream = await openStream(a.cookie)
    try {
      expect(stream.response.status).toBe(200)
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/)
      expect(stream.response.headers.get('cache-control')).toBe('no-cache')
      expect(await stream.next(200)).toBe(TIMEOUT)
      expect(stream.comments).toContain(': connected')
    } finally {
      await stream.close()
    }
  })

  // docs/architecture.md: a vendor hears only their own shop's changes; admins hear every vendor's.
  it("delivers vendor A's change to A and to the admin, not to vendor B", async () => {
    const streams: Stream[] = []
    try {
      const [streamA, streamB, streamAdmin] = await Promise.all([
        openStream(a.cookie),
        openStream(b.cookie),
        openStream(admin.cookie),
      ])
      streams.push(streamA, streamB, streamAdmin)
      const fromA = await requestPayout(a, 700)
      const fromB = await requestPayout(b, 800)
      expect(await streamA.change()).toEqual({ topic: 'payouts', id: fromA })
      // Events arrive in commit order: B's first event being B's own proves A's was never sent to B.
      expect(await streamB.change()).toEqual({ topic: 'payouts', id: fromB })
      expect(await streamAdmin.change()).toEqual({ topic: 'payouts', id: fromA })
      expect(await streamAdmin.change()).toEqual({ topic: 'payouts', id: fromB })
      // ...and A never hears B's.
      expect(await streamA.next(300)).toBe(TIMEOUT)
    } finally {
      await Promise.all(streams.map((stream) => stream.close()))
    }
  })

  // Only committed changes are announced: a rolled-back transaction must not make screens refetch.
  it('announces nothing for a rolled-back transaction', async () => {
    const stream = await openStream(a.cookie)
    try {
      await expect(
        t.db.transaction(async (tx) => {
          await notify(tx, { topic: 'payouts', vendorId: a.vendorId, id: 'rolled-back' })
          throw new Error('roll back')
        }),
      ).rejects.toThrow('roll back')
      const committed = await requestPayout(a, 100)
      expect(await stream.change()).toEqual({ topic: 'payouts', id: committed })
    } finally {
      await stream.close()
    }
  })

  it('announces the admin decision to the vendor, and a vendor message to the admins only', async () => {
    const [streamA, streamB, streamAdmin] = await Promise.all([
      openStream(a.cookie),
      openStream(b.cookie),
      openStream(admin.cookie),
    ])
    try {
      const payout = await insertPayout(t.db, a.vendorId)
      expect(
        (
          await t.patch(
            `/api/admin/payouts/${payout.id}`,
            { status: 'approved', paymentReference: 'MTN-TX-1' },
            { cookie: admin.cookie },
          )
        ).status,
      ).toBe(200)
      expect(await streamA.change()).toEqual({ topic: 'payouts', id: payout.id })
      expect(await streamAdmin.change()).toEqual({ topic: 'payouts', id: payout.id })

      const sent = await t.post(
        '/api/messages',
        { type: 'support', subject: '', content: 'Hello team' },
        { cookie: b.cookie },
      )
      expect(sent.status, sent.text).toBe(201)
      expect(await streamAdmin.change()).toEqual({ topic: 'messages', id: sent.body.id })
      // The sender's own tabs hear it too; vendor A does not.
      expect(await streamB.change()).toEqual({ topic: 'messages', id: sent.body.id })

      const answer = await t.post(
        `/api/admin/messages/${sent.body.id}/reply`,
        { content: 'Muraho' },
        { cookie: admin.cookie },
      )
      expect(answer.status, answer.text).toBe(201)
      expect(await streamB.change()).toEqual({ topic: 'messages', id: answer.body.id })
      expect(await streamAdmin.change()).toEqual({ topic: 'messages', id: answer.body.id })
      expect(await streamA.next(300)).toBe(TIMEOUT)
    } finally {
      await Promise.all([streamA.close(), streamB.close(), streamAdmin.close()])
    }
  })

  // docs/architecture.md: an open stream holds no database connection (PGlite has one; a pool has a few).
  it('keeps working with more open streams than database connections', async () => {
    const streams = await Promise.all(Array.from({ length: 12 }, () => openStream(a.cookie)))
    try {
      const id = await requestPayout(a, 50)
      for (const stream of streams) expect(await stream.change()).toEqual({ topic: 'payouts', id })
      const [row] = await t.db
        .execute(sql`select 1 as one`)
        .then((result) => (result as unknown as { rows: unknown[] }).rows)
      expect(row).toEqual({ one: 1 })
    } finally {
      await Promise.all(streams.map((stream) => stream.close()))
    }
  })

  // Proxies close connections that stay silent; the comment line keeps an idle stream open.
  it('sends a heartbeat comment while nothing changes', async () => {
    const router = eventRoutes(built.deps, built.realtime, { heartbeatMs: 50 })
    const stream = await openStream(a.cookie, router, '/api/events')
    try {
      expect(await stream.next(400)).toBe(TIMEOUT)
      expect(stream.comments.filter((line) => line === ': heartbeat').length).toBeGreaterThanOrEqual(2)
    } finally {
      await stream.close()
    }
  })

  // A closed tab must not leave its subscription behind.
  it('forgets a stream when the browser disconnects', async () => {
    await untilConnected(0)
    const stream = await openStream(a.cookie)
    await untilConnected(1)
    await stream.close()
    await untilConnected(0)
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('the LISTEN connection (PostgreSQL)', () => {
  // A restarted database or a dropped connection must not silence realtime until the app restarts.
  it('reconnects after its connection drops, tells clients to refetch everything, then delivers again', async () => {
    const stream = await openStream(a.cookie)
    try {
      const listenerPids = sql`select pid from pg_stat_activity where application_name = 'isoko-listener' and datname = current_database()`
      const rowsOf = async () =>
        ((await t.db.execute(listenerPids)) as unknown as { rows: { pid: number }[] }).rows
      const [before] = await rowsOf()
      expect(before).toBeDefined()
      await t.db.execute(sql`select pg_terminate_backend(${before!.pid})`)
      const resync: string[] = []
      for (let i = 0; i < 5; i += 1) resync.push((await stream.change(15_000)).topic)
      expect(resync.sort()).toEqual(['messages', 'orders', 'payouts', 'products', 'vendors'])
      const [after] = await rowsOf()
      expect(after?.pid).not.toBe(before!.pid)
      const id = await requestPayout(a, 10)
      expect(await stream.change()).toEqual({ topic: 'payouts', id })
    } finally {
      await stream.close()
    }
  })
})

describe('a stream whose session ends', () => {
  // The same cookie gets 401 everywhere else: its stream must not go on telling of every change.
  it('closes on sign-out, while another signed-in device of the same user keeps its stream', async () => {
    const vendor = await registeredVendor(t)
    await insertOrders(t.db, vendor.vendorId, [100_000])
    const other = await t.post('/api/account/login', { email: vendor.email, password: DEFAULT_PASSWORD })
    expect(other.status, other.text).toBe(200)
    const [leaving, staying] = await Promise.all([openStream(vendor.cookie), openStream(other.cookie)])
    try {
      expect((await t.post('/api/account/logout', undefined, { cookie: vendor.cookie })).status).toBe(200)
      const payout = await t.post('/api/vendor/payouts', { amount: 10 }, { cookie: other.cookie })
      expect(payout.status, payout.text).toBe(201)
      const id = payout.body.id as string
      expect(await leaving.next(3_000)).toBe('ended')
      expect(await staying.change()).toEqual({ topic: 'payouts', id })
    } finally {
      await Promise.all([leaving.close(), staying.close()])
    }
  })

  it('closes when a password reset ends every session of the account', async () => {
    const vendor = await registeredVendor(t)
    const stream = await openStream(vendor.cookie)
    try {
      expect((await t.post('/api/account/forgot-password', { email: vendor.email })).status).toBe(200)
      let link: string | null | undefined
      for (let i = 0; i < 100 && !link; i += 1) {
        link = (await mailsTo(t.db, vendor.email)).find((row) => row.link?.includes('/reset-password?'))?.link
        if (!link) await new Promise((r) => setTimeout(r, 20))
      }
      const token = new URL(link!).searchParams.get('token')!
      const reset = await t.post('/api/account/reset-password', {
        token,
        password: 'another-secret-9',
        confirmPassword: 'another-secret-9',
      })
      expect(reset.status, reset.text).toBe(200)
      expect(await stream.next(3_000)).toBe('ended')
    } finally {
      await stream.close()
    }
  })

  // The periodic check catches a session ended where no announcement reached this process.
  it('closes within its check interval when the session row is gone', async () => {
    const vendor = await registeredVendor(t)
    const router = eventRoutes(built.deps, built.realtime, { sessionCheckMs: 200 })
    const stream = await openStream(vendor.cookie, router)
    try {
      await t.db.execute(sql`delete from sessions where user_id = ${vendor.user.id}`)
      expect(await stream.next(3_000)).toBe('ended')
    } finally {
      await stream.close()
    }
  })
})

describe('closing the app', () => {
  // A server shutting down waits for open connections: the streams must end.
  it('ends every open stream', async () => {
    const stream = await openStream(admin.cookie)
    await untilConnected(1)
    await built.close()
    expect(await stream.next(2_000)).toBe('ended')
    expect(built.realtime.size).toBe(0)
  })
})
