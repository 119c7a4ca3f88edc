import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/server/config'
import { mayReadLate } from '../../src/server/db/replicas'

/**
 * Which reads may come from a replica (docs/decisions/023), and the setting that names the replicas. The routing
 * itself is proved against a real streaming replica in tests/reliability/read-replicas.test.ts.
 */

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'isoko-replicas-config-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }, { readDotenv: false })

describe('mayReadLate', () => {
  it('sends reports, exports, the audit log and searches to a replica', () => {
    expect(mayReadLate('GET', '/api/admin/reports', undefined)).toBe(true)
    expect(mayReadLate('GET', '/api/admin/reports/export', undefined)).toBe(true)
    expect(mayReadLate('GET', '/api/admin/audit-logs', undefined)).toBe(true)
    expect(mayReadLate('GET', '/api/admin/orders/export', undefined)).toBe(true)
    expect(mayReadLate('GET', '/api/admin/orders', 'habimana')).toBe(true)
    expect(mayReadLate('GET', '/api/vendor/products', 'agaseke')).toBe(true)
  })

  it('keeps writes, screens that follow live events and plain lists on the primary', () => {
    expect(mayReadLate('POST', '/api/admin/reports/export', undefined)).toBe(false)
    expect(mayReadLate('PUT', '/api/admin/money-settings', undefined)).toBe(false)
    expect(mayReadLate('GET', '/api/admin/dashboard', undefined)).toBe(false)
    expect(mayReadLate('GET', '/api/menu-counts', undefined)).toBe(false)
    expect(mayReadLate('GET', '/api/vendor/messages', undefined)).toBe(false)
    expect(mayReadLate('GET', '/api/admin/orders', undefined)).toBe(false)
    // An empty search is no search.
    expect(mayReadLate('GET', '/api/admin/orders', '  ')).toBe(false)
  })
})

describe('DATABASE_REPLICA_URLS', () => {
  it('is none unless set, and a comma-separated list of PostgreSQL URLs when set', () => {
    expect(load({}).databaseReplicaUrls).toEqual([])
    expect(
      load({
        DATABASE_URL: 'postgres://isoko@primary/isoko',
        DATABASE_REPLICA_URLS: ' postgres://isoko@replica1/isoko, postgresql://isoko@replica2/isoko ,',
      }).databaseReplicaUrls,
    ).toEqual(['postgres://isoko@replica1/isoko', 'postgresql://isoko@replica2/isoko'])
  })

  it('is refused without DATABASE_URL, or with a URL that is not PostgreSQL’s', () => {
    expect(() => load({ DATABASE_REPLICA_URLS: 'postgres://isoko@replica1/isoko' })).toThrow(ConfigError)
    expect(() => load({ DATABASE_REPLICA_URLS: 'postgres://isoko@replica1/isoko' })).toThrow(
      /DATABASE_REPLICA_URLS: needs DATABASE_URL/,
    )
    expect(() =>
      load({
        DATABASE_URL: 'postgres://isoko@primary/isoko',
        DATABASE_REPLICA_URLS: 'mysql://replica/isoko',
      }),
    ).toThrow(/DATABASE_REPLICA_URLS/)
  })
})
