import { clientAddress } from '../../src/server/lib/client-ip'
import { parseTrustProxy, ConfigError, loadConfig } from '../../src/server/config'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const dataDirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'isoko-config-'))
  dataDirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

const load = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: tempDir(), ...env }, { readDotenv: false })

/** The ConfigError a bad environment raises; fails the test if none is raised. */
function configError(env: Record<string, string>): ConfigError {
  try {
    load(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`)
}

/** The variables named in the error, one line each ("  NAME: reason"). */
const namedVariables = (error: ConfigError) =>
  [...error.message.matchAll(/^ {2}([A-Z0-9_]+):/gm)].map((match) => match[1])

describe('loadConfig', () => {
  // docs/architecture.md: nothing is required for a first run.
  it('starts with no settings at all, keeping everything in DATA_DIR', () => {
    const dataDir = tempDir()

    const config = loadConfig({ DATA_DIR: dataDir }, { readDotenv: false })

    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir,
      databaseUrl: undefined,
      google: null,
      smtpUrl: undefined,
      storage: { driver: 'local', root: path.join(dataDir, 'files') },
      timeZone: 'Africa/Kigali',
      trustProxy: { hops: 0 },
    })
  })

  // `npm start` and `npm run serve` must not run with the development relaxations by accident.
  it('runs as production unless NODE_ENV says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }, { readDotenv: false }).env).toBe('production')
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'development' }, { readDotenv: false }).env).toBe(
      'development',
    )
  })

  it.each(['abc', '0', '70000', '3000.5'])('refuses PORT=%s with a ConfigError naming PORT', (port) => {
    expect(namedVariables(configError({ PORT: port }))).toEqual(['PORT'])
  })

  // A `.env` line like `PORT=` means "not set", not "invalid".
  it('treats empty values as unset', () => {
    expect(load({ PORT: '', PUBLIC_URL: '', GOOGLE_CLIENT_ID: '' })).toMatchObject({
      port: 3000,
      google: null,
    })
  })

  it('names every bad variable, one per line', () => {
    const error = configError({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://localhost/isoko' })
    expect(namedVariables(error).sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT'])
  })

  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/isoko' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'isoko.example.rw' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.rw' }],
    ['TIME_ZONE', { TIME_ZONE: 'Mars/Olympus_Mons' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
  ])('refuses a bad %s', (variable, env) => {
    expect(namedVariables(configError(env))).toEqual([variable])
  })

  // Links in mails are built as `${publicUrl}/confirm-email`: a trailing slash would double it.
  it('drops trailing slashes from PUBLIC_URL', () => {
    expect(load({ PUBLIC_URL: 'https://isoko.example.rw//' }).publicUrl).toBe('https://isoko.example.rw')
  })

  describe('S3 storage', () => {
    // Without a bucket every upload would fail at the first vendor's registration, not at start.
    it('names S3_BUCKET when STORAGE_DRIVER=s3 has no bucket', () => {
      const error = configError({
        STORAGE_DRIVER: 's3',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      })
      expect(namedVariables(error)).toEqual(['S3_BUCKET'])
      expect(error.message).toContain('STORAGE_DRIVER=s3')
    })

    it('names each missing S3 credential', () => {
      expect(namedVariables(configError({ STORAGE_DRIVER: 's3' })).sort()).toEqual([
        'S3_ACCESS_KEY_ID',
        'S3_BUCKET',
        'S3_SECRET_ACCESS_KEY',
      ])
    })

    it('uses S3 when bucket and credentials are set', () => {
      const config = load({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'isoko-files',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
      })
      expect(config.storage).toEqual({
        driver: 's3',
        bucket: 'isoko-files',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        forcePathStyle: true,
      })
    })
  })

  describe('Google sign-in', () => {
    // Half a Google configuration would show a sign-in button that always fails.
    it('names GOOGLE_CLIENT_SECRET when only the client id is set', () => {
      expect(namedVariables(configError({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' }))).toEqual([
        'GOOGLE_CLIENT_SECRET',
      ])
    })

    it('names GOOGLE_CLIENT_ID when only the secret is set', () => {
      expect(namedVariables(configError({ GOOGLE_CLIENT_SECRET: 'secret' }))).toEqual(['GOOGLE_CLIENT_ID'])
    })

    it('enables Google when both are set', () => {
      expect(load({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
        clientId: 'id',
        clientSecret: 'secret',
      })
    })
  })

  describe('AUTH_SECRET', () => {
    // Sessions must survive a restart, so a generated secret is kept, not regenerated each start.
    it('is generated on the first run, kept in DATA_DIR and reused on the next', () => {
      const dataDir = tempDir()
      const secretFile = path.join(dataDir, 'auth-secret')
      expect(existsSync(secretFile)).toBe(false)

      const first = loadConfig({ DATA_DIR: dataDir }, { readDotenv: false })
      const second = loadConfig({ DATA_DIR: dataDir }, { readDotenv: false })

      expect(first.authSecret.length).toBeGreaterThanOrEqual(32)
      expect(readFileSync(secretFile, 'utf8').trim()).toBe(first.authSecret)
      expect(second.authSecret).toBe(first.authSecret)
      // Readable by the server's user only.
      expect(statSync(secretFile).mode & 0o777).toBe(0o600)
    })

    it('differs between data directories', () => {
      expect(load({}).authSecret).not.toBe(load({}).authSecret)
    })

    it('replaces a kept secret that is too short to be safe', () => {
      const dataDir = tempDir()
      writeFileSync(path.join(dataDir, 'auth-secret'), 'short\n')

      const config = loadConfig({ DATA_DIR: dataDir }, { readDotenv: false })

      expect(config.authSecret).not.toBe('short')
      expect(config.authSecret.length).toBeGreaterThanOrEqual(32)
    })

    it('uses the configured secret and writes none', () => {
      const dataDir = tempDir()
      const secret = 's'.repeat(40)

      const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret }, { readDotenv: false })

      expect(config.authSecret).toBe(secret)
      expect(existsSync(path.join(dataDir, 'auth-secret'))).toBe(false)
    })

    it('refuses a configured secret shorter than 32 characters', () => {
      expect(namedVariables(configError({ AUTH_SECRET: 'too-short' }))).toEqual(['AUTH_SECRET'])
    })
  })
})

describe('TRUST_PROXY', () => {
  it.each([
    ['false', { hops: 0 }],
    ['0', { hops: 0 }],
    ['true', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10.0.0.1, 10.0.0.2', { proxies: ['10.0.0.1', '10.0.0.2'] }],
  ])('reads %s', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected)
  })

  it.each(['maybe', '11', '10.0.0.1, proxy.local'])('refuses %s', (value) => {
    expect(parseTrustProxy(value)).toBeUndefined()
  })

  it('takes the client address from the right of X-Forwarded-For, never the client-written left', () => {
    expect(clientAddress('10.0.0.1', '6.6.6.6, 41.186.1.1', { hops: 1 })).toBe('41.186.1.1')
    expect(clientAddress('10.0.0.1', '6.6.6.6, 41.186.1.1, 10.0.0.2', { hops: 2 })).toBe('41.186.1.1')
    expect(clientAddress('10.0.0.1', '6.6.6.6', { hops: 0 })).toBe('10.0.0.1')
    expect(clientAddress('::ffff:10.0.0.1', '6.6.6.6, 41.186.1.1', { proxies: ['10.0.0.1'] })).toBe(
      '41.186.1.1',
    )
    expect(clientAddress('41.186.9.9', '6.6.6.6', { proxies: ['10.0.0.1'] })).toBe('41.186.9.9')
    // More hops than entries: the farthest address known, not undefined.
    expect(clientAddress('10.0.0.1', '41.186.1.1', { hops: 5 })).toBe('41.186.1.1')
  })
})
