import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { verifyPassword } from 'better-auth/crypto'
import { describe, expect, it } from 'vitest'
import { passwordHashing } from '../../src/server/auth/passwords'

describe('password hashing', () => {
  it('keeps a server’s passwords in the auth library’s own scrypt format, which the library verifies', async () => {
    const hashing = passwordHashing('production')
    const hash = await hashing.hash('correct horse')
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/)
    expect(await verifyPassword({ hash, password: 'correct horse' })).toBe(true)
    expect(await hashing.verify({ hash, password: 'correct horse' })).toBe(true)
    expect(await hashing.verify({ hash, password: 'correct horsE' })).toBe(false)
  })

  it('marks the test suites’ cheap hashes, which a server never accepts, and reads standard ones too', async () => {
    const cheap = passwordHashing('test')
    const hash = await cheap.hash('correct horse')
    expect(hash).toMatch(/^test-scrypt\$[0-9a-f]{32}:[0-9a-f]{128}$/)
    expect(await cheap.verify({ hash, password: 'correct horse' })).toBe(true)
    expect(await cheap.verify({ hash, password: 'wrong horse' })).toBe(false)
    expect(await passwordHashing('production').verify({ hash, password: 'correct horse' })).toBe(false)
    expect(await passwordHashing('development').verify({ hash, password: 'correct horse' })).toBe(false)

    const standard = await passwordHashing('production').hash('correct horse')
    expect(await cheap.verify({ hash: standard, password: 'correct horse' })).toBe(true)
  })

  it('is refused by the server: NODE_ENV=test starts no server', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'isoko-node-env-'))
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(run.status).toBe(1)
      expect(run.stderr).toContain('NODE_ENV=test is for the test suites only')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
