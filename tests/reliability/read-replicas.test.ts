import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordHashing } from '../../src/server/auth/passwords'
import { openPostgres, type Database } from '../../src/server/db/client'
import { createFirstAdmin, createSetupLink } from '../../src/server/setup/setup.service'
import { adminSetupInput } from '../../src/shared/schemas/auth'
import { postgresBinaries, startPrimary, startReplica, type Cluster } from '../fixtures/postgres-cluster'
import {
  expectCall,
  freePort,
  killServer,
  removeFolders,
  serverCommand,
  startServerProcess,
  untilHealthy,
  type ServerProcess,
} from '../fixtures/server-process'

/**
 * Read replicas (DATABASE_REPLICA_URLS, src/server/db/replicas.ts) against a real streaming replica: a primary
 * and a replica made by `pg_basebackup -R` from this machine's PostgreSQL, each in a folder of its own on a port
 * of its own, and the built server on both. With the replica's replay paused, what the primary has and the
 * replica has not yet shows which one answered:
 * - the audit log and a report (reads that may be late) come from the replica;
 * - a request that writes reads its own write in the same request, and the browser that wrote reads the primary
 *   for the seconds after it;
 * - the replica stopped, the same reads come from the primary, with no error, at once and after.
 *
 * PostgreSQL only, like the other reliability proofs that need a server (the embedded database has no replicas).
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const bin = postgresBinaries()
const PASSWORD = 'Isoko-replica-2024!'
const DATABASE = 'isoko'
const READ_PRIMARY = 'isoko_read_primary'

let primary: Cluster | undefined
let replica: Cluster | undefined
let database: Database | undefined
let server: ServerProcess | undefined
/** The admin's session cookie alone: a browser that has not written lately. */
let session = ''

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The replica has replayed everything the primary had written when this was called. */
async function replicaCaughtUp() {
  // The insert location, not the write location: with synchronous_commit off a commit may be in the WAL buffers,
  // not yet written, and the replica would reach the write location without it.
  const { rows } = await primary!.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')
  const target = rows[0]!.lsn
  for (let tries = 0; tries < 200; tries += 1) {
    const replayed = await replica!.query<{ done: boolean }>(
      `select pg_last_wal_replay_lsn() >= '${target}'::pg_lsn as done`,
    )
    if (replayed.rows[0]!.done) return
    await sleep(50)
  }
  throw new Error('the replica did not catch up within 10 s')
}

type AuditPage = { items: { id: string; action: string; newValues: Record<string, unknown> | null }[] }
const auditIds = async (cookie: string) =>
  ((await expectCall(server!, 200, 'GET', '/api/admin/audit-logs', { cookie })).body as AuditPage).items.map(
    (entry) => entry.id,
  )

type MoneySettings = Record<string, unknown> & { holdDays: number }
const settingsInput = ({ updatedAt: _at, updatedByName: _by, ...input }: MoneySettings) => input

beforeAll(async () => {
  if (!onPostgres || !bin) return
  primary = await startPrimary(bin, await freePort())
  await primary.query(`create database ${DATABASE}`)
  replica = await startReplica(bin, primary, await freePort())

  database = openPostgres(primary.url(DATABASE), 2)
  await database.migrate()
  const port = await freePort()
  const publicUrl = `http://127.0.0.1:${port}`
  const link = await createSetupLink(database.db, publicUrl)
  const email = `admin-${randomBytes(3).toString('hex')}@example.rw`
  await createFirstAdmin(
    database.db,
    adminSetupInput.parse({
      token: new URL(link!).hash.replace(/^#token=/, ''),
      fullName: 'Admin Replica',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }),
    passwordHashing('production'),
  )
  server = startServerProcess(
    'replicas',
    port,
    {
      DATABASE_URL: primary.url(DATABASE),
      DATABASE_REPLICA_URLS: replica.url(DATABASE),
      DATABASE_POOL_SIZE: '3',
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      PUBLIC_URL: publicUrl,
    },
    await serverCommand(),
  )
  await untilHealthy(server)
  const signedIn = await expectCall(server, 200, 'POST', '/api/account/login', {
    json: { email, password: PASSWORD },
  })
  // The session alone: the sign-in (a write) also asked this browser to read the primary for a while.
  session = signedIn.cookie
    .split('; ')
    .filter((cookie) => !cookie.startsWith(`${READ_PRIMARY}=`))
    .join('; ')
  expect(signedIn.cookie).toContain(`${READ_PRIMARY}=1`)
  await replicaCaughtUp()
}, 180_000)

afterAll(async () => {
  if (server?.isRunning()) await killServer(server)
  await database?.close()
  await replica?.remove()
  await primary?.remove()
  removeFolders()
}, 60_000)

describe.skipIf(!onPostgres)('read replicas: a real streaming replica of PostgreSQL', () => {
  it('has the machine’s PostgreSQL binaries to make one', () => {
    expect(bin, 'initdb and pg_basebackup under /usr/lib/postgresql/<version>/bin').toBeDefined()
    expect(server?.output()).toContain('from 1 replica(s)')
  })

  it('serves the audit log and the report from the replica, and a write reads its own write', async () => {
    const before = await auditIds(session)
    await replica!.query('select pg_wal_replay_pause()')
    try {
      const current = (
        await expectCall(server!, 200, 'GET', '/api/admin/money-settings', { cookie: session })
      ).body as MoneySettings
      // The write answers with what it wrote, read on the primary in the same request.
      const written = await expectCall(server!, 200, 'PUT', '/api/admin/money-settings', {
        cookie: session,
        json: { ...settingsInput(current), holdDays: current.holdDays + 3 },
      })
      expect((written.body as MoneySettings).holdDays).toBe(current.holdDays + 3)
      expect(written.cookie).toContain(`${READ_PRIMARY}=1`)

      // A browser that has not written: the audit log from the paused replica, without the change.
      expect(await auditIds(session)).toEqual(before)
      // The report too comes from the replica (it answers while the replica is paused).
      await expectCall(server!, 200, 'GET', '/api/admin/reports?days=7', { cookie: session })
      // The browser that wrote: the primary, with its change.
      const own = await auditIds(`${session}; ${written.cookie}`)
      expect(own).toHaveLength(before.length + 1)
      expect(own.slice(1)).toEqual(before)
      // Reads that follow live events (the settings screen) are always the primary's.
      const settings = await expectCall(server!, 200, 'GET', '/api/admin/money-settings', { cookie: session })
      expect((settings.body as MoneySettings).holdDays).toBe(current.holdDays + 3)
    } finally {
      await replica!.query('select pg_wal_replay_resume()')
    }
    await replicaCaughtUp()
    // Replayed: the replica has it too.
    expect(await auditIds(session)).toHaveLength(before.length + 1)
  })

  it('falls back to the primary, with no error, when the replica stops', async () => {
    const current = (await expectCall(server!, 200, 'GET', '/api/admin/money-settings', { cookie: session }))
      .body as MoneySettings
    await expectCall(server!, 200, 'PUT', '/api/admin/money-settings', {
      cookie: session,
      json: { ...settingsInput(current), holdDays: current.holdDays + 1 },
    })
    const expected = await auditIds(`${session}; ${READ_PRIMARY}=1`)
    await replica!.stop('immediate')
    // At once (the replica's connections are lost) and after (it is left out, then tried again and refused).
    for (let round = 0; round < 3; round += 1) {
      expect(await auditIds(session)).toEqual(expected)
      await expectCall(server!, 200, 'GET', '/api/admin/reports?days=30', { cookie: session })
    }
    const health = await expectCall(server!, 200, 'GET', '/api/health')
    expect(health.body).toMatchObject({ status: 'ok' })
  })
})
