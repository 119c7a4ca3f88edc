import { randomUUID } from 'node:crypto'
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, demoAdmin } from '../../src/server/tools/demo/demo-data'
import {
  pointer,
  readContract,
  type ApiDocument,
  type Contract,
  type JsonSchema,
  type Operation,
} from '../fixtures/api-contract'
import { registeredVendor } from '../fixtures/commerce'
import { createAdmin } from '../fixtures/factories'
import { createTestApp, type ApiResponse } from '../fixtures/test-app'

/**
 * /api/openapi.json is the API's contract with every client: a client generated from it must be able to trust
 * it. Every response any API test receives is checked against it (tests/fixtures/test-app.ts); here the
 * document itself is linted, and every bound it states is tried on the server, just inside and just outside.
 */

let t: Awaited<ReturnType<typeof createTestApp>>
let document: ApiDocument
let contract: Contract
const cookies = { admin: '', vendor: '' }

beforeAll(async () => {
  t = await createTestApp()
  document = (await t.get('/api/openapi.json')).body as ApiDocument
  contract = readContract(document)
  const [admin, vendor] = await Promise.all([createAdmin(t), registeredVendor(t, { status: 'approved' })])
  cookies.admin = admin.cookie
  cookies.vendor = vendor.cookie
})
afterAll(async () => {
  await t?.close()
})

describe('the OpenAPI document', () => {
  // Redocly's recommended rules are what API tooling (generators, gateways, portals) expects of a document.
  it("has no error under Redocly's recommended rules", async () => {
    // Given as the YAML of a redocly.yaml: the same settings, and the type checker is spared Redocly's configuration types.
    const config = await createConfig('extends: [recommended]')
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config,
    })
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? ''})`)
    expect(errors).toEqual([])
  })

  // A pattern that carries a regular expression's flags matches nothing: a client would refuse every value.
  it('accepts the demo admin’s own sign-in, as a standard validator reads it', () => {
    const body = { email: demoAdmin.email, password: DEMO_PASSWORD }
    const at = pointer(
      'paths',
      '/api/account/login',
      'post',
      'requestBody',
      'content',
      'application/json',
      'schema',
    )

    expect(contract.check(at, body)).toBeNull()
  })

  it('states a pattern only as a regular expression a standard validator compiles, never with flags', () => {
    const patterns = JSON.stringify(document).match(/"pattern":"(?:[^"\\]|\\.)*"/g) ?? []
    expect(patterns.length).toBeGreaterThan(0)
    for (const pattern of patterns) {
      const source = JSON.parse(`{${pattern}}`).pattern as string
      expect(source, 'a trailing /flags').not.toMatch(/\/[a-z]*$/)
      expect(() => new RegExp(source, 'u')).not.toThrow()
    }
  })

  it('names every operation, once, and declares the servers and the session cookie', () => {
    const ids = contract.operations().map(({ operation }) => operation.operationId)
    expect(ids.filter((id) => !id)).toEqual([])
    expect(new Set(ids).size).toBe(ids.length)
    expect(document).toMatchObject({
      servers: [{ url: t.config.publicUrl }],
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie' } } },
    })
  })
})

type Case = { method: string; path: string; operation: Operation }

/** Whether the operation requires the session cookie (`[{}, { session: [] }]` makes it optional). */
const needsSession = (operation: Operation) =>
  Boolean(operation.security?.length) && !operation.security!.some((entry) => Object.keys(entry).length === 0)
const operations = (): Case[] => contract.operations()

describe('security and the CSRF guard as documented', () => {
  // A client reads from `security` whether it must sign in first: a route that refuses a signed-out visitor says so.
  it('answers 401 to a signed-out request exactly where the operation requires the session', async () => {
    const wrong: string[] = []
    for (const { method, path, operation } of operations()) {
      if (path === '/api/events') continue // a stream: its 401 is tested in realtime.test.ts
      const required = needsSession(operation)
      const response = await t.request(method.toUpperCase(), concretePath(path), {
        ...(method === 'get' ? {} : { body: {} }),
      })
      if (required !== (response.status === 401)) wrong.push(`${method} ${path}: ${response.status}`)
    }
    expect(wrong).toEqual([])
  })

  // Every state-changing route sits behind the CSRF guard, so each may answer its 403 (checked against the document).
  it('refuses a cross-site form post on every state-changing route with a documented 403', async () => {
    for (const { method, path } of operations().filter((c) => c.method !== 'get')) {
      const response = await t.request(method.toUpperCase(), concretePath(path), {
        cookie: cookies.vendor,
        rawBody: 'x=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      })
      expect(response.status, `${method} ${path}`).toBe(403)
    }
  })
})

describe('methods a path does not have', () => {
  it('answers 405 with Allow listing the path’s methods, in the one error shape', async () => {
    const response = await t.request('DELETE', '/api/account/login')

    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    expect(response.body).toEqual({
      error: { code: 'METHOD_NOT_ALLOWED', messageKey: 'errors.methodNotAllowed' },
    })
  })

  it('lists every method of a path with an id, and GET with HEAD', async () => {
    const response = await t.request('POST', `/api/vendor/products/${randomUUID()}`, {
      cookie: cookies.vendor,
    })

    expect(response.status).toBe(405)
    expect(response.headers.get('allow')?.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PUT'])
  })

  it('still answers 404 for a path the API does not have', async () => {
    const response = await t.request('PATCH', '/api/nowhere')
    expect(response.status).toBe(404)
    expect(response.headers.get('allow')).toBeNull()
  })
})

// ── Every documented bound, tried ──

const concretePath = (template: string) => template.replace(/\{[^}]+\}/g, () => randomUUID())

function deref(at: string): { schema: JsonSchema; at: string } {
  let here = at
  let schema = resolvePointer(here)
  while (typeof schema.$ref === 'string') {
    here = (schema.$ref as string).replace(/^#/, '')
    schema = resolvePointer(here)
  }
  return { schema, at: here }
}

function resolvePointer(at: string): JsonSchema {
  let node: unknown = document
  for (const raw of at.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    node = (node as Record<string, unknown>)[key]
  }
  return node as JsonSchema
}

const branchesOf = (schema: JsonSchema) => (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined

/** A field of a request: where it is, under what name the server's 422 names it, and its schema. */
type Field = { key: string; segments: Array<string | number>; at: string }

/** Every property of a body schema, nested objects and array items included, with their schema's location. */
function fieldsOf(at: string, segments: Array<string | number> = []): Field[] {
  const { schema, at: here } = deref(at)
  const fields: Field[] = []
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    ;((schema[keyword] as JsonSchema[] | undefined) ?? []).forEach((_, i) =>
      fields.push(...fieldsOf(`${here}/${keyword}/${i}`, segments)),
    )
  }
  for (const name of Object.keys((schema.properties as object | undefined) ?? {})) {
    const child = `${here}/properties/${pointer(name).slice(1)}`
    fields.push({ key: [...segments, name].join('.'), segments: [...segments, name], at: child })
    fields.push(...fieldsOf(child, [...segments, name]))
  }
  if (schema.items) {
    const child = `${here}/items`
    fields.push({ key: [...segments, 0].join('.'), segments: [...segments, 0], at: child })
    fields.push(...fieldsOf(child, [...segments, 0]))
  }
  return fields
}

/** Whether the schema at `at` (through unions and intersections) leads to `segments`. */
function hasPath(at: string, segments: Array<string | number>): boolean {
  if (segments.length === 0) return true
  const { schema, at: here } = deref(at)
  const [name, ...rest] = segments
  if (typeof name === 'number') return Boolean(schema.items) && hasPath(`${here}/items`, rest)
  const properties = (schema.properties as Record<string, unknown> | undefined) ?? {}
  if (name! in properties && hasPath(`${here}/properties/${pointer(name!).slice(1)}`, rest)) return true
  return (['allOf', 'anyOf', 'oneOf'] as const).some((keyword) =>
    ((schema[keyword] as JsonSchema[] | undefined) ?? []).some((_, i) =>
      hasPath(`${here}/${keyword}/${i}`, segments),
    ),
  )
}

const formatExamples: Record<string, string> = {
  email: 'ada@example.rw',
  date: '2026-01-31',
  'date-time': '2026-01-31T08:00:00.000Z',
  uri: 'https://example.rw/',
}

/** A value the schema at `at` accepts, the simplest first; a schema too particular for these needs an `example`. */
function plainValue(at: string): unknown {
  const { schema, at: here } = deref(at)
  if (schema.format === 'binary') return new Blob(['%PDF-1.4 not really'], { type: 'application/pdf' })
  const candidates: unknown[] = [schema.const, schema.example, ...((schema.examples as unknown[]) ?? [])]
  if (Array.isArray(schema.enum)) candidates.push(...schema.enum)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  if (type === 'string') {
    if (schema.format === 'uuid') candidates.push(randomUUID())
    if (typeof schema.format === 'string') candidates.push(formatExamples[schema.format])
    candidates.push('a'.repeat(Math.max(1, Number(schema.minLength ?? 1))))
  }
  if (type === 'integer' || type === 'number') candidates.push(schema.minimum, 1, 0)
  if (type === 'boolean') candidates.push(false)
  if (type === 'object' || schema.properties || schema.allOf) candidates.push(build(here))
  if (type === 'array') candidates.push(build(here))
  const branches = branchesOf(schema)
  if (branches)
    candidates.push(...branches.map((_, i) => plainValue(`${here}/${schema.anyOf ? 'anyOf' : 'oneOf'}/${i}`)))
  const found = candidates.find((value) => value !== undefined && contract.check(here, value) === null)
  if (found === undefined) throw new Error(`no plain value passes ${here}: give its schema an example`)
  return found
}

/**
 * A value for the schema at `at` with only what it requires, and `value` at `segments` (the path there is
 * built too, through the union branch that has it).
 */
function build(at: string, target?: { segments: Array<string | number>; value: unknown }): unknown {
  if (target && target.segments.length === 0) return target.value
  const { schema, at: here } = deref(at)
  const next = target?.segments[0]
  const rest = target && { segments: target.segments.slice(1), value: target.value }
  const branches = branchesOf(schema)
  if (branches) {
    const keyword = schema.anyOf ? 'anyOf' : 'oneOf'
    const index = branches.findIndex((_, i) =>
      next === undefined
        ? branches[i]!.type !== 'null'
        : hasPath(`${here}/${keyword}/${i}`, target!.segments),
    )
    return build(`${here}/${keyword}/${Math.max(index, 0)}`, target)
  }
  if (schema.allOf) {
    return Object.assign(
      {},
      ...(schema.allOf as JsonSchema[]).map((_, i) => {
        const part = `${here}/allOf/${i}`
        return build(part, target && hasPath(part, target.segments) ? target : undefined)
      }),
    )
  }
  if (schema.properties) {
    const required = new Set((schema.required as string[] | undefined) ?? [])
    const value: Record<string, unknown> = {}
    for (const name of Object.keys(schema.properties as object)) {
      const child = `${here}/properties/${pointer(name).slice(1)}`
      if (name === next) value[name] = build(child, rest)
      else if (required.has(name)) value[name] = plainValue(child)
    }
    return value
  }
  if (schema.items) {
    const count = Math.max(Number(schema.minItems ?? 0), next === 0 ? 1 : 0)
    return Array.from({ length: count }, (_, i) =>
      i === 0 && next === 0 ? build(`${here}/items`, rest) : plainValue(`${here}/items`),
    )
  }
  return plainValue(here)
}

type Probe = { keyword: string; inside: unknown[]; outside: unknown[] }

/** Strings of `length` to try for a length bound: `a`s, or the plain value padded with `a`s or blanks, or cut. */
function ofLength(base: unknown, length: number): string[] {
  const seed = typeof base === 'string' ? base : 'a'
  const room = Math.max(0, length - seed.length)
  return [
    'a'.repeat(Math.max(0, length)),
    length >= seed.length ? 'a'.repeat(room) + seed : seed.slice(seed.length - Math.max(0, length)),
    ' '.repeat(room) + seed,
  ]
}

/** For each bound the field's schema states, values just inside it and just outside it. */
function probes(at: string): Probe[] {
  const { schema } = deref(at)
  const base = plainValue(at)
  const list: Probe[] = []
  const n = (key: string) => schema[key] as number | undefined
  if (n('minLength') !== undefined && n('minLength')! > 0)
    list.push({
      keyword: 'minLength',
      inside: ofLength(base, n('minLength')!),
      outside: ofLength(base, n('minLength')! - 1),
    })
  if (n('maxLength') !== undefined)
    list.push({
      keyword: 'maxLength',
      inside: ofLength(base, n('maxLength')!),
      outside: ofLength(base, n('maxLength')! + 1),
    })
  const step = schema.type === 'integer' ? 1 : 0.5
  if (n('minimum') !== undefined)
    list.push({ keyword: 'minimum', inside: [n('minimum')], outside: [n('minimum')! - step] })
  if (n('maximum') !== undefined)
    list.push({ keyword: 'maximum', inside: [n('maximum')], outside: [n('maximum')! + step] })
  if (n('minItems') !== undefined && n('minItems')! > 0)
    list.push({
      keyword: 'minItems',
      inside: [Array(n('minItems')).fill(plainValue(`${at}/items`))],
      outside: [Array(n('minItems')! - 1).fill(plainValue(`${at}/items`))],
    })
  if (n('maxItems') !== undefined)
    list.push({
      keyword: 'maxItems',
      inside: [Array(n('maxItems')).fill(plainValue(`${at}/items`))],
      outside: [Array(n('maxItems')! + 1).fill(plainValue(`${at}/items`))],
    })
  if (Array.isArray(schema.enum)) {
    const values = schema.enum as unknown[]
    const outside =
      typeof values[0] === 'number' ? Math.max(...(values as number[])) + 1 : `${String(values[0])}-not-one`
    list.push({ keyword: 'enum', inside: values, outside: [outside] })
  }
  if (schema.const !== undefined)
    list.push({ keyword: 'const', inside: [schema.const], outside: [`${String(schema.const)}-not-it`] })
  const text = typeof base === 'string' ? base : ''
  const broken = [
    `${text}\u0000`,
    `${text}!`,
    `!${text}`,
    text.slice(1),
    `${text}\uD800`,
    '',
    'x',
    'not-a-value',
  ]
  if (schema.pattern !== undefined) list.push({ keyword: 'pattern', inside: [base], outside: broken })
  if (typeof schema.format === 'string' && schema.format !== 'binary')
    list.push({ keyword: 'format', inside: [base], outside: [...broken, '2026-02-30'] })
  return list
}

/** The first candidate the field's schema accepts (inside) or refuses for `keyword` (outside). */
function pick(at: string, probe: Probe, side: 'inside' | 'outside'): unknown {
  const candidates = probe[side]
  const found =
    side === 'inside'
      ? candidates.find((value) => contract.check(at, value) === null)
      : candidates.find((value) =>
          contract.check(at, value)?.some((error) => error.keyword === probe.keyword),
        )
  if (found === undefined) throw new Error(`no value just ${side} ${probe.keyword} at ${at}`)
  return found
}

type Sent = { description: string; key: string; response: ApiResponse }

/** Sends the operation with `value` in one place (a query parameter or a body field), everything else plain. */
async function send(
  c: Case,
  place: { in: 'query' | 'body'; key: string; segments?: Array<string | number> },
  value: unknown,
) {
  const { method, path, operation } = c
  const query = new URLSearchParams()
  for (const [i, parameter] of (operation.parameters ?? []).entries()) {
    if (parameter.in !== 'query') continue
    const at = pointer('paths', path, method, 'parameters', i, 'schema')
    const schema = deref(at).schema
    if (parameter.name === place.key && place.in === 'query') query.set(parameter.name, String(value))
    else if (parameter.required) query.set(parameter.name, String(plainValue(at)))
    // A number the document bounds below goes at its least (pageSize 1: page 10,000 is then a page of rows that
    // can exist), so a bound that depends on it, which no schema can state, leaves the one tried alone.
    else if (schema.type === 'integer' && typeof schema.minimum === 'number')
      query.set(parameter.name, String(schema.minimum))
  }
  const content = operation.requestBody?.content ?? {}
  const mediaType = Object.keys(content)[0]
  let body: unknown
  if (mediaType) {
    const at = pointer('paths', path, method, 'requestBody', 'content', mediaType, 'schema')
    body = place.in === 'body' ? build(at, { segments: place.segments!, value }) : build(at)
  }
  const role = needsSession(operation) ? (path.startsWith('/api/admin/') ? 'admin' : 'vendor') : null
  const url = `${concretePath(path)}${query.size ? `?${query}` : ''}`
  const options = { ...(role ? { cookie: cookies[role] } : {}) }
  if (mediaType === 'multipart/form-data') {
    const form = new FormData()
    for (const [name, field] of Object.entries(body as Record<string, unknown>)) {
      form.set(name, field instanceof Blob ? field : String(field))
    }
    return t.request(method.toUpperCase(), url, { ...options, form })
  }
  return t.request(method.toUpperCase(), url, { ...options, ...(mediaType ? { body } : {}) })
}

const namesField = (response: ApiResponse, key: string) =>
  response.status === 422 &&
  Object.keys(response.body?.error?.fields ?? {}).some((name) => name === key || name.startsWith(`${key}.`))

/**
 * Refusals no schema can state, which a value inside every bound may still meet; each route's description or
 * the field's says so. A value just inside a bound refused for one of these passed the bound.
 */
const rulesBeyondSchemas = new Set([
  'auth.register.passwordMismatch', // the password typed twice must be the same
  'products.colorAndSizeRequired', // Clothes, Shoes or hasVariants need a colour and a size
  'payouts.amountOverBalance', // at most the available balance, read in the payout's transaction
  'orders.variantNotFound', // the variant must exist, belong to the product and be on sale
  'errors.moneyShopUnknown', // a commission rule's shop (or a preview's) must exist
])
const refusedBeyondSchemas = (response: ApiResponse) =>
  Object.values(response.body?.error?.fields ?? {}).every((key) => rulesBeyondSchemas.has(key as string))

describe('every documented bound, tried on the server', () => {
  // A client that keeps to the document is never refused for it, and one that strays is told which field.
  it('accepts a value just inside each bound and refuses one just outside it with 422 naming the field', async () => {
    const wrong: string[] = []
    const tried: Sent[] = []
    for (const c of operations()) {
      const places: Array<{
        in: 'query' | 'body'
        key: string
        segments?: Array<string | number>
        at: string
      }> = []
      for (const [i, parameter] of (c.operation.parameters ?? []).entries()) {
        if (parameter.in === 'query')
          places.push({
            in: 'query',
            key: parameter.name,
            at: pointer('paths', c.path, c.method, 'parameters', i, 'schema'),
          })
      }
      const mediaType = Object.keys(c.operation.requestBody?.content ?? {})[0]
      if (mediaType) {
        const at = pointer('paths', c.path, c.method, 'requestBody', 'content', mediaType, 'schema')
        for (const field of fieldsOf(at)) places.push({ in: 'body', ...field })
      }
      for (const place of places) {
        let fieldProbes: Probe[]
        try {
          fieldProbes = probes(place.at)
        } catch (error) {
          wrong.push(`${c.method} ${c.path} ${place.key}: ${(error as Error).message}`)
          continue
        }
        for (const probe of fieldProbes) {
          const description = `${c.method.toUpperCase()} ${c.path} ${place.in} ${place.key} ${probe.keyword}`
          try {
            // Each value of an enumeration is a promise of its own; other bounds have one value just inside.
            const insides = probe.keyword === 'enum' ? probe.inside : [pick(place.at, probe, 'inside')]
            for (const inside of insides) {
              const accepted = await send(c, place, inside)
              tried.push({ description: `${description} inside`, key: place.key, response: accepted })
              if (
                (namesField(accepted, place.key) && !refusedBeyondSchemas(accepted)) ||
                accepted.status >= 500
              )
                wrong.push(
                  `${description}: ${JSON.stringify(inside).slice(0, 80)} (inside) → ${accepted.status} ${accepted.text.slice(0, 200)}`,
                )
            }
            const outside = pick(place.at, probe, 'outside')
            const refused = await send(c, place, outside)
            tried.push({ description: `${description} outside`, key: place.key, response: refused })
            if (!namesField(refused, place.key))
              wrong.push(
                `${description}: ${JSON.stringify(outside).slice(0, 80)} (outside) → ${refused.status} ${refused.text.slice(0, 200)}`,
              )
          } catch (error) {
            wrong.push(`${description}: ${(error as Error).message.slice(0, 300)}`)
          }
        }
      }
    }
    expect(wrong).toEqual([])
    expect(tried.length).toBeGreaterThan(100)
  }, 240_000)
})
