import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const SETUP_LIMIT = 10
const setupAttempt = (app: TestApp, peer: string, forwardedFor: string) =>
  app.post(
    '/api/setup/admin',
    {
      token: 'x'.repeat(43),
      fullName: 'Isoko Admin',
      email: 'admin@isoko.example.rw',
      password: 'admin-pass-1',
      confirmPassword: 'admin-pass-1',
    },
    { ip: peer, headers: { 'x-forwarded-for': forwardedFor } },
  )

/** Sends one more attempt than the per-address limit, each with a new client-written left-most entry. */
async function lastOfManyAttempts(app: TestApp, peer: string, realChain: string) {
  let last = 0
  for (let attempt = 0; attempt <= SETUP_LIMIT; attempt += 1) {
    last = (await setupAttempt(app, peer, `203.0.113.${attempt}, ${realChain}`)).status
  }
  return last
}

// The left-most X-Forwarded-For entry is written by the client: believing it let anyone dodge every
// per-address limit by sending a new value each time.
describe('TRUST_PROXY', () => {
  it('with one proxy (true), limits the address the proxy saw, whatever the client writes to the left', async () => {
    const app = t.withConfig({ TRUST_PROXY: 'true' })
    expect(await lastOfManyAttempts(app, '10.8.0.1', '41.186.10.1')).toBe(429)
    // Another real client behind the same proxy is not held up by the first one's attempts.
    expect((await setupAttempt(app, '10.8.0.1', '41.186.10.2')).status).not.toBe(429)
  })

  it('with a hop count of 2, reads the entry two proxies from the right', async () => {
    const app = t.withConfig({ TRUST_PROXY: '2' })
    expect(await lastOfManyAttempts(app, '10.8.0.2', '41.186.20.1, 10.8.0.9')).toBe(429)
    expect((await setupAttempt(app, '10.8.0.2', '41.186.20.2, 10.8.0.9')).status).not.toBe(429)
  })

  it('with a list of proxy addresses, skips only those, from the right', async () => {
    const app = t.withConfig({ TRUST_PROXY: '10.9.0.1,10.9.0.2' })
    expect(await lastOfManyAttempts(app, '10.9.0.1', '41.186.30.1, 10.9.0.2')).toBe(429)
    expect((await setupAttempt(app, '10.9.0.1', '41.186.30.2, 10.9.0.2')).status).not.toBe(429)
  })

  it('with a list, a request that does not come from a listed proxy is limited by its own address', async () => {
    const app = t.withConfig({ TRUST_PROXY: '10.9.0.1' })
    let last = 0
    for (let attempt = 0; attempt <= SETUP_LIMIT; attempt += 1) {
      last = (await setupAttempt(app, '41.186.40.1', `41.186.40.${100 + attempt}`)).status
    }
    expect(last).toBe(429)
  })
})
