import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { createLogger } from '../../src/server/lib/logger'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>
let app: ReturnType<typeof createApp>['app']
let webRoot: string
const script = `console.log(${JSON.stringify('isoko '.repeat(400))})`

beforeAll(async () => {
  t = await createTestApp()
  // A built web app as `vite build` leaves it: index.html, hashed assets and their precompressed copies.
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'isoko-web-'))
  mkdirSync(path.join(webRoot, 'assets'))
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Isoko</title><div id="root"></div>')
  writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), script)
  writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.br'), brotliCompressSync(script))
  writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.gz'), gzipSync(script))
  app = createApp({
    config: t.config,
    database: t.database,
    logger: createLogger('silent', false),
    webRoot,
  }).app
})
afterAll(async () => {
  rmSync(webRoot, { recursive: true, force: true })
  await t?.close()
})

describe('the built web app', () => {
  // Phones on slow networks get the smallest encoding they accept, compressed once at build time.
  it('serves an asset Brotli-compressed to browsers that accept it, gzip otherwise, and cached for a year', async () => {
    const br = await app.request('/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(br.status).toBe(200)
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('content-type')).toMatch(/javascript/)
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Number(br.headers.get('content-length'))).toBeLessThan(script.length / 4)

    const gzip = await app.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')

    const plain = await app.request('/assets/app-abc123.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(script)
  })

  // Every screen's address is served by the single-page app, which decides what to show.
  it('answers any screen path with the app, never caching it, and a missing asset with 404', async () => {
    const screen = await app.request('/vendor/products')
    expect(screen.status).toBe(200)
    expect(screen.headers.get('cache-control')).toBe('no-cache')
    expect(await screen.text()).toContain('<div id="root">')
    expect((await app.request('/assets/missing-000.js')).status).toBe(404)
    expect((await app.request('/api/nothing-here')).status).toBe(404)
  })
})
