/**
 * Bad input at scale: generated malformed requests against every endpoint class that takes input. For each one:
 * never a 5xx; a refusal is the one error shape with message keys the English bundle has; a refusal writes
 * nothing (every table's row count and newest row version are the same after it); and what is accepted (an
 * HTML or SQL looking name, a right-to-left mark) is plain text, stored and returned as it was sent.
 *
 * The generators are seeded: BAD_INPUT_SEED=<seed> repeats a run, and a failure prints its seed and path, which
 * BAD_INPUT_SEED and BAD_INPUT_PATH replay (with `-t '<the property's name>'`, as the path is the property's).
 */
import { readFileSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { flattenBundle, hasKey, type Bundle } from '../../scripts/i18n-server-keys'
import { messages, orders, products, users, vendors } from '../../src/server/db/schema'
import { plainName } from '../../src/shared/bidi'
import { errorBody } from '../../src/shared/errors'
import {
  adminOf,
  createProduct,
  placeOrder,
  registeredVendor,
  simpleProduct,
  uploadFile,
  type RegisteredVendor,
} from '../fixtures/commerce'
import { confirmedVendor, DEFAULT_PASSWORD } from '../fixtures/factories'
import { pdfDocument, pngImage } from '../fixtures/files'
import { insertPayout } from '../fixtures/money'
import { createTestApp, type ApiResponse } from '../fixtures/test-app'

// ── What is counted ──

const classes = [
  'auth',
  'vendor registration and profile',
  'products',
  'orders',
  'order import',
  'payouts',
  'messages',
  'admin decisions',
  'list queries',
  'uploads',
] as const
type EndpointClass = (typeof classes)[number]

const tried = Object.fromEntries(classes.map((name) => [name, 0])) as Record<EndpointClass, number>
/** Of those, the ones answered 2xx: texts they carried are checked as stored and returned, reads as writing nothing. */
const acceptedCount = Object.fromEntries(classes.map((name) => [name, 0])) as Record<EndpointClass, number>
let serverErrors = 0

const seed = Number(process.env.BAD_INPUT_SEED ?? Math.floor(Math.random() * 2 ** 31))
const replayPath = process.env.BAD_INPUT_PATH

const english = flattenBundle(JSON.parse(readFileSync('src/web/i18n/en.json', 'utf8')) as Bundle)
const isEnglishKey = (key: unknown) => typeof key === 'string' && hasKey(english, key)

// ── The app and the records the requests aim at ──

let t: Awaited<ReturnType<typeof createTestApp>>
type Who = 'anonymous' | 'vendor' | 'admin' | 'newcomer'
const cookies: Record<Who, string> = { anonymous: '', vendor: '', admin: '', newcomer: '' }
let fx: {
  vendor: RegisteredVendor
  importVendor: RegisteredVendor
  pendingVendorId: string
  newcomerGovId: string
  vendorImageId: string
  productId: string
  moderationProductId: string
  orderProduct: { id: string; variantId: string }
  importProduct: { name: string; sku: string }
  orderId: string
  payoutId: string
  messageId: string
}
let tables: string[] = []

beforeAll(async () => {
  t = await createTestApp()
  const vendor = await registeredVendor(t, { status: 'approved', plan: 'unlimited' })
  const importVendor = await registeredVendor(t, { status: 'approved', plan: 'unlimited' })
  const pending = await registeredVendor(t)
  const newcomer = await confirmedVendor(t)
  const admin = await adminOf(t)()
  Object.assign(cookies, { vendor: vendor.cookie, admin: admin.cookie, newcomer: newcomer.cookie })
  const product = await createProduct(t, vendor.cookie, simpleProduct({ name: 'Agaseke basket' }))
  const moderated = await createProduct(t, vendor.cookie, simpleProduct({ name: 'Imigongo panel' }))
  const forOrders = await createProduct(
    t,
    vendor.cookie,
    simpleProduct({ name: 'Kitenge', variants: [{ price: 5_000, stock: 1_000_000 }] }),
  )
  const forImport = await createProduct(
    t,
    importVendor.cookie,
    simpleProduct({ name: 'Coffee beans', variants: [{ price: 4_000, stock: 1_000_000 }] }),
  )
  const order = await placeOrder(t, admin.cookie, {
    vendorId: vendor.vendorId,
    productId: forOrders.id,
    variantId: forOrders.variants[0]!.id,
  })
  const message = await t.post(
    '/api/messages',
    { type: 'general', subject: 'Hello', content: 'A first message' },
    { cookie: vendor.cookie },
  )
  fx = {
    vendor,
    importVendor,
    pendingVendorId: pending.vendorId,
    newcomerGovId: (await uploadFile(t, newcomer.cookie, 'gov_id', 'pdf')).id,
    vendorImageId: (await uploadFile(t, vendor.cookie)).id,
    productId: product.id,
    moderationProductId: moderated.id,
    orderProduct: { id: forOrders.id, variantId: forOrders.variants[0]!.id },
    importProduct: { name: forImport.name, sku: forImport.variants[0]!.sku },
    orderId: order.id,
    payoutId: (await insertPayout(t.db, vendor.vendorId, { amount: 5_000 })).id,
    messageId: message.body.id as string,
  }
  // Attempts are counted in rate_limits whatever their outcome (that is what a limit is); every other table must
  // stay as it was after a refusal.
  const result = await t.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'rate_limits' order by 1`,
  )
  tables = (result as unknown as { rows: { tablename: string }[] }).rows.map((row) => row.tablename)
  current = await snapshot()
}, 120_000)

afterAll(async () => {
  const total = Object.values(tried).reduce((sum, n) => sum + n, 0)
  const perClass = classes
    .map((name) => `${name} ${tried[name]} (${acceptedCount[name]} accepted)`)
    .join(', ')
  // The CI log's record of the run: how many requests, how many 5xx (the property says none), and the seed.
  console.log(
    `bad input: ${total} malformed requests tried: ${perClass}; ${serverErrors} answered 5xx; seed ${seed}`,
  )
  await t?.close()
})

/**
 * Per table, its row count and the newest row version (the largest xmin, the id of the transaction that wrote a
 * row): a committed insert, update or delete changes one of the two, even a write of the values a row already had,
 * and neither needs the rows' text read. One statement, so it runs after every request.
 */
async function snapshot(): Promise<Snapshot> {
  const query = tables
    .map(
      (name) =>
        `select '${name}' as name, count(*)::text || ' rows, newest version ' || coalesce(max(xmin::text::bigint), 0)::text as sum from "${name}"`,
    )
    .join(' union all ')
  const result = await t.db.execute(sql.raw(query))
  const rows = (result as unknown as { rows: { name: string; sum: string }[] }).rows
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]))
}
let current: Snapshot = {}

// ── Requests as data (printed short in a counterexample) ──

/** A JSON literal sent as written (-0, 1e400, 2^63, a document nested thousands deep). */
class RawJson {
  constructor(readonly text: string) {}
}
/** A value read just before sending (a product's current version), so an edit can be accepted. */
class Live {
  constructor(
    readonly name: string,
    readonly read: () => Promise<unknown>,
  ) {}
}

const RAW_TOKEN = '@@raw-json@@'
async function toJson(value: unknown): Promise<string> {
  const raws: string[] = []
  const lives: Live[] = []
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) return `${RAW_TOKEN}${raws.push(item.text) - 1}`
    if (item instanceof Live) return `${RAW_TOKEN}live${lives.push(item) - 1}`
    return item
  })
  const liveValues = await Promise.all(lives.map((live) => live.read()))
  return (text ?? '')
    .replace(new RegExp(`"${RAW_TOKEN}(\\d+)"`, 'g'), (_match, index: string) => raws[Number(index)]!)
    .replace(new RegExp(`"${RAW_TOKEN}live(\\d+)"`, 'g'), (_match, index: string) =>
      JSON.stringify(liveValues[Number(index)]),
    )
}

type FilePart = { name: string; file: { bytes: Uint8Array; fileName: string; type: string } }
type Part = { name: string; value: string } | FilePart
type Body = { json: unknown } | { raw: string } | { parts: Part[] }

const clip = (text: string, max = 160) =>
  text.length > max ? `${text.slice(0, max)}…(${text.length} characters)` : text

function describeValue(value: unknown): string {
  if (value instanceof RawJson) return clip(value.text, 60)
  if (value instanceof Live) return `<${value.name}>`
  if (typeof value === 'string') return JSON.stringify(clip(value, 80))
  if (Array.isArray(value))
    return `[${value.slice(0, 8).map(describeValue).join(',')}${value.length > 8 ? ',…' : ''}]`
  if (value && typeof value === 'object') {
    if (value instanceof Uint8Array) return `<${value.byteLength} bytes>`
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${describeValue(item)}`)
      .join(',')}}`
  }
  return typeof value === 'symbol' ? value.toString() : String(value)
}

type Snapshot = Record<string, string>
/** Checks an accepted answer; `before` and `after` are the tables' snapshots around it. */
type Accepted = (response: ApiResponse, before: Snapshot, after: Snapshot) => Promise<void>

class Probe {
  constructor(
    readonly kind: EndpointClass,
    readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    readonly path: string,
    readonly as: Who,
    readonly body?: Body,
    readonly headers: Record<string, string> = {},
    /** What an accepted answer must show (the texts sent, returned and stored as they were). */
    readonly accepted?: Accepted,
  ) {}

  [fc.toStringMethod]() {
    const body =
      this.body === undefined
        ? ''
        : 'raw' in this.body
          ? ` raw ${JSON.stringify(clip(this.body.raw))}`
          : 'json' in this.body
            ? ` ${describeValue(this.body.json)}`
            : ` form ${this.body.parts
                .map((part) =>
                  'value' in part
                    ? `${part.name}=${describeValue(part.value)}`
                    : `${part.name}=<file ${describeValue(part.file.fileName)} ${part.file.type} ${part.file.bytes.byteLength} bytes>`,
                )
                .join(' ')}`
    const headers = Object.keys(this.headers).length ? ` headers ${JSON.stringify(this.headers)}` : ''
    return `${this.method} ${clip(this.path)} as ${this.as}${headers}${body}`
  }
}

async function send(probe: Probe): Promise<ApiResponse> {
  const options = { cookie: cookies[probe.as] || undefined, headers: { ...probe.headers } }
  const { body } = probe
  if (body === undefined) return t.request(probe.method, probe.path, options)
  if ('parts' in body) {
    const form = new FormData()
    for (const part of body.parts) {
      if ('value' in part) form.append(part.name, part.value)
      else
        form.append(
          part.name,
          new File([new Uint8Array(part.file.bytes)], part.file.fileName, { type: part.file.type }),
        )
    }
    return t.request(probe.method, probe.path, { ...options, form })
  }
  const rawBody = 'raw' in body ? body.raw : await toJson(body.json)
  return t.request(probe.method, probe.path, { ...options, rawBody })
}

/** The properties every answer must have; a refusal is checked against the tables' state before it. */
async function check(probe: Probe) {
  // The upload limit (120 per 15 minutes per account) would answer every later upload; these probes are about the form.
  if (probe.kind === 'uploads') await t.db.execute(sql`delete from rate_limits`)
  const before = current
  const response = await send(probe)
  tried[probe.kind] += 1
  if (response.status >= 500) {
    serverErrors += 1
    expect.fail(`${probe[fc.toStringMethod]()} answered ${response.status}: ${clip(response.text, 400)}`)
  }
  current = await snapshot()
  if (response.status >= 400) {
    const parsed = errorBody.safeParse(response.body)
    expect(parsed.success, `not the error shape: ${clip(response.text, 400)}`).toBe(true)
    const { messageKey, fields } = parsed.data!.error
    expect(isEnglishKey(messageKey), `messageKey ${messageKey} is not in en.json`).toBe(true)
    for (const [field, key] of Object.entries(fields ?? {}))
      expect(isEnglishKey(key), `fields.${field} ${key} is not in en.json`).toBe(true)
    expect(current, `a refused request (${response.status} ${messageKey}) changed rows`).toEqual(before)
  } else {
    expect(response.status, clip(response.text, 400)).toBeLessThan(300)
    acceptedCount[probe.kind] += 1
    await probe.accepted?.(response, before, current)
    if (probe.method === 'GET') {
      // Reading writes nothing, but for the entry an export records about itself.
      expect(withoutAudit(current), 'a GET changed rows').toEqual(withoutAudit(before))
    }
  }
}

const withoutAudit = (state: Snapshot) => ({ ...state, audit_logs: undefined })
/** What a real import writes about its file, whatever its rows: an audit entry and the import's record. */
const withoutFileRecords = (state: Snapshot) => ({ ...withoutAudit(state), order_imports: undefined })
const rowsIn = (state: Snapshot, table: string) => Number(state[table]?.split(' ')[0])

/**
 * On PostgreSQL (TEST_DATABASE_URL: CI's second run of the API suite) a quarter of the batches: what the property
 * proves (no 5xx, nothing half-written, text kept as sent) is the server's own code, which the embedded run
 * already drives with every batch and a seed of its own; the PostgreSQL run checks the same on the real server.
 */
const runsOnThisDatabase = (numRuns: number) =>
  process.env.TEST_DATABASE_URL ? Math.ceil(numRuns / 4) : numRuns

/** Runs `numRuns` batches of `batch` generated requests each, seeded (and replayable) as above. */
async function runProperty(probes: fc.Arbitrary<Probe>, numRuns: number, batch = 4) {
  await fc.assert(
    fc.asyncProperty(fc.array(probes, { minLength: batch, maxLength: batch }), async (list) => {
      for (const probe of list) await check(probe)
    }),
    // A failure stops the run where it is (shrinking would replay hundreds of requests against a changed
    // database); its seed and path replay it. BAD_INPUT_SHRINK=1 asks for the smallest counterexample instead.
    {
      numRuns: runsOnThisDatabase(numRuns),
      seed,
      endOnFailure: !process.env.BAD_INPUT_SHRINK,
      ...(replayPath ? { path: replayPath } : {}),
    },
  )
}

// ── Hostile values ──

const sqlPayloads = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '"; DROP TABLE orders; --',
  '1; DROP TABLE products',
  "' UNION SELECT password FROM accounts --",
  "%' OR '%'='",
  "\\'; SELECT pg_sleep(0); --",
  '$$; DELETE FROM vendors; $$',
  "Robert'); DROP TABLE messages;--",
]
const htmlPayloads = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(document.cookie)>',
  '"><svg onload=alert(1)>',
  '<a href="javascript:alert(1)">shop</a>',
  '&lt;b&gt;bold&lt;/b&gt; &amp; &#x3C;',
  '<iframe src="//evil.example"></iframe>',
  '<!-- comment',
  '{{constructor.constructor("return process")()}}',
  '${process.exit(1)}',
]
const controlCharacters = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\u000b',
  '\f',
  '\r',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
]
const loneSurrogates = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uDFFF\uD800']
const bidiControls = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u200B',
  '\uFEFF',
]
const oddText = [
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '%s%s%n%x',
  '../../etc/passwd',
  '=HYPERLINK("http://evil.example")',
  '@SUM(1+1)',
  'Z̷̧͉a̵l̶g̸o̵',
  '👩🏾‍💻🇷🇼',
  'Ｉｓｏｋｏ',
  '',
  ' ',
]

const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...sqlPayloads, ...htmlPayloads, ...oddText) },
  { weight: 2, arbitrary: fc.constantFrom(...controlCharacters, ...loneSurrogates, ...bidiControls) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
)

/** 100 KB to 300 KB of a repeated piece (past every field's limit), now and then past the 1 MB body limit. */
const hugeText = fc
  .tuple(
    piece,
    fc.oneof(
      { weight: 9, arbitrary: fc.integer({ min: 100_000, max: 300_000 }) },
      { weight: 1, arbitrary: fc.constant(1_100_000) },
    ),
  )
  .map(([unit, length]) => (unit || 'x').repeat(Math.ceil(length / Math.max(1, (unit || 'x').length))))

const shortText = fc.array(piece, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''))
const hostileText = fc.oneof({ weight: 30, arbitrary: shortText }, { weight: 1, arbitrary: hugeText })

/** Plausible text with one hostile part inside: what a form could really send. */
const hostileWords = fc
  .tuple(fc.constantFrom('Aline', 'Isoko shop', 'Kigali', 'Umwana'), hostileText)
  .map(([word, text]) => `${word} ${text}`)

const textValue = fc.oneof(hostileText, hostileWords)

const deepJson = fc
  .tuple(fc.integer({ min: 1_000, max: 5_000 }), fc.constantFrom('array', 'object', 'open'))
  .map(
    ([depth, shape]) =>
      new RawJson(
        shape === 'array'
          ? '['.repeat(depth) + ']'.repeat(depth)
          : shape === 'object'
            ? '{"a":'.repeat(depth) + 'null' + '}'.repeat(depth)
            : '['.repeat(depth),
      ),
  )

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  deepJson,
)

const moneyLiterals = [
  '-0',
  '0',
  '-1',
  '0.5',
  '1.5',
  '-0.5',
  '1e-7',
  '9e15',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551616',
  '1e308',
  '-1e308',
  '1e400',
  '-1e400',
  '1e-400',
  '123456789012345678901234567890',
  '1000000000.5',
  '1000000001',
  '2147483648',
  // Not JSON: the body cannot be read at all.
  '0x10',
  '+1',
  '.5',
  '01',
  'NaN',
  'Infinity',
]
const moneyStrings = [
  '9223372036854775808',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-0',
  '1000',
  '1e3',
  ' 5',
  '',
]

/** Negative, fractional and huge amounts, as numbers and as strings. */
const money = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...moneyLiterals).map((text) => new RawJson(text)) },
  { weight: 2, arbitrary: fc.constantFrom(...moneyStrings) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer({ min: -1_000_000, max: 2_000_000_000 }) },
  {
    weight: 1,
    arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => new RawJson(String(n))),
  },
  { weight: 1, arbitrary: wrongType },
)

const junkIds = [
  'not-a-uuid',
  '0',
  '-1',
  'null',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-00000000000g',
  '{00000000-0000-0000-0000-000000000000}',
  "' OR 1=1 --",
  '*',
  '%',
  '',
]
const idValue = fc.oneof(
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
  { weight: 1, arbitrary: fc.uuid().map((id) => `${id}' OR '1'='1`) },
  { weight: 2, arbitrary: fc.constantFrom(...junkIds) },
  { weight: 2, arbitrary: textValue },
  { weight: 1, arbitrary: wrongType },
)

const emailValue = fc.oneof(
  fc.constantFrom('a@b', '@example.rw', 'x@y..rw', 'ALINE@EXAMPLE.RW ', 'aline@example.rw\u0000', 'a@@b.rw'),
  textValue.map((text) => `${text}@example.rw`),
  textValue,
  fc.emailAddress(),
  wrongType,
)

/** Text fields: mostly hostile text, sometimes the wrong type. */
const text = fc.oneof({ weight: 5, arbitrary: textValue }, { weight: 1, arbitrary: wrongType })
/** A long-text field: now and then 100 KB or more. */
const textOrHuge = fc.oneof({ weight: 8, arbitrary: text }, { weight: 1, arbitrary: hugeText })
const enumOf = (...valid: string[]) =>
  fc.oneof(
    fc.constantFrom(...valid.map((value) => value.toUpperCase()), ...valid.map((value) => ` ${value}`)),
    textValue,
    wrongType,
  )
const ids = fc.oneof(
  fc.array(idValue, { maxLength: 4 }),
  fc.array(fc.uuid(), { minLength: 7, maxLength: 200 }),
  idValue,
)

/** Any generated value as the text a URL would carry. */
const asText = (value: unknown) =>
  typeof value === 'string'
    ? value
    : value instanceof RawJson
      ? value.text
      : (JSON.stringify(value) ?? 'undefined')

/** A path segment: characters percent-encoded, lone surrogates as the (invalid) UTF-8 of their code unit. */
function encodeSegment(value: string) {
  let out = ''
  for (const char of value) {
    const code = char.charCodeAt(0)
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('')
    } else out += encodeURIComponent(char)
  }
  return out
}
const rawEscapes = ['%', '%zz', '%00', '%ED%A0%80', '%C0%AF', '%FF%FE', '..%2F..%2Fetc', '%252e', '%E2%80%AE']

const pathId = fc.oneof(
  { weight: 3, arbitrary: idValue.map((value) => encodeSegment(asText(value))) },
  { weight: 1, arbitrary: fc.constantFrom(...rawEscapes) },
  { weight: 1, arbitrary: fc.uuid().map((id) => `${id}${'a'.repeat(10_000)}`) },
)

const queryValue = fc.oneof(
  { weight: 3, arbitrary: shortText.map(encodeSegment) },
  { weight: 2, arbitrary: fc.constantFrom(...moneyLiterals, ...moneyStrings).map(encodeSegment) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        '2026-02-30',
        '0000-01-01',
        '9999-12-31',
        '2026-13-01',
        '+020000-01-01',
        '2026-1-1',
        '1e3',
      )
      .map(encodeSegment),
  },
  { weight: 1, arbitrary: fc.constantFrom(...rawEscapes) },
  { weight: 1, arbitrary: idValue.map((value) => encodeSegment(asText(value))) },
)

/** One parameter of 100 KB to 300 KB, already encoded. */
const overlongValue = fc
  .tuple(
    fc.constantFrom('a', '%00', '%ED%A0%80', "'%20OR%201%3D1%20--", '%3Cscript%3E'),
    fc.integer({ min: 100_000, max: 300_000 }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)))

type Fields = Record<string, fc.Arbitrary<unknown>>

const contentTypes = [
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=isoko',
  'application/xml',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'image/png',
  '',
]

const malformedBodies = [
  '',
  '{',
  '}',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  '{"a":"\u0000"}',
  '\uFEFF{}',
  'nul',
  'undefined',
  '{"a":1}{"b":2}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '\u0000\u0001\u0002',
  '<?xml version="1.0"?><a/>',
  'a=1&b=2',
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  '[{}]',
]

/** A body built from a valid one: fields set to hostile values, fields dropped or added, or a body that is not one. */
function hostileBody(base: fc.Arbitrary<Record<string, unknown>>, fields: Fields): fc.Arbitrary<Body> {
  const names = Object.keys(fields)
  const changed = fc
    .tuple(
      base,
      fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: Math.min(3, names.length) }),
    )
    .chain(([body, chosen]) =>
      fc
        .tuple(...chosen.map((name) => fields[name]!.map((value) => [name, value] as const)))
        .map((pairs) => ({ json: { ...body, ...Object.fromEntries(pairs) } })),
    )
  const dropped = base.chain((body) =>
    fc.subarray(Object.keys(body), { minLength: 1 }).map((drop) => ({
      json: Object.fromEntries(Object.entries(body).filter(([key]) => !drop.includes(key))),
    })),
  )
  const extra = fc
    .tuple(
      base,
      fc.dictionary(
        fc.constantFrom(
          'role',
          'isAdmin',
          'status',
          'vendorId',
          'userId',
          'id',
          'createdAt',
          '__proto__',
          'constructor',
        ),
        fc.oneof(fc.constantFrom('admin', 'approved', true), idValue),
        { minKeys: 1, maxKeys: 3 },
      ),
    )
    .map(([body, more]) => ({ json: { ...body, ...more } }))
  const whole = fc.oneof(
    fc.constantFrom(...malformedBodies).map((raw) => ({ raw })),
    deepJson.map((json) => ({ json })),
    wrongType.map((json) => ({ json })),
    fc.json({ maxDepth: 3 }).map((raw) => ({ raw })),
    fc.string({ unit: 'binary', maxLength: 40 }).map((raw) => ({ raw })),
  )
  return fc.oneof(
    { weight: 10, arbitrary: changed },
    { weight: 1, arbitrary: dropped },
    { weight: 1, arbitrary: extra },
    { weight: 3, arbitrary: whole },
  )
}

/** Headers around the body: mostly none; sometimes a wrong content type, or a cross-site origin. */
const transportHeaders = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Record<string, string>>({}) },
  { weight: 2, arbitrary: fc.constantFrom(...contentTypes).map((type) => ({ 'content-type': type })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('https://evil.example', 'null', 'http://localhost:3000.evil.example')
      .map((origin) => ({
        origin,
      })),
  },
)

const others = (who: Who): fc.Arbitrary<Who> =>
  fc.oneof(
    { weight: 15, arbitrary: fc.constant(who) },
    { weight: 1, arbitrary: fc.constantFrom<Who>('anonymous', 'vendor', 'admin') },
  )

type JsonEndpoint = {
  kind: EndpointClass
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** `{id}` is replaced by one of `ids` or a hostile id. */
  path: string
  ids?: () => string[]
  as: Who
  base: fc.Arbitrary<Record<string, unknown>>
  fields: Fields
  accepted?: (sent: Record<string, unknown>) => Accepted
}

function jsonProbes(endpoint: JsonEndpoint): fc.Arbitrary<Probe> {
  const realIds = endpoint.ids?.() ?? []
  const id = endpoint.path.includes('{id}')
    ? realIds.length
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...realIds) }, { weight: 2, arbitrary: pathId })
      : pathId
    : fc.constant('')
  return fc
    .tuple(id, others(endpoint.as), hostileBody(endpoint.base, endpoint.fields), transportHeaders)
    .map(
      ([idText, who, body, headers]) =>
        new Probe(
          endpoint.kind,
          endpoint.method,
          endpoint.path.replace('{id}', idText),
          who,
          body,
          headers,
          'json' in body && body.json && typeof body.json === 'object' && !Array.isArray(body.json)
            ? endpoint.accepted?.(body.json as Record<string, unknown>)
            : undefined,
        ),
    )
}

/** Requests without a body at a path with a hostile id. */
const idProbes = (kind: EndpointClass, method: Probe['method'], path: string, as: Who) =>
  fc.tuple(pathId, others(as)).map(([id, who]) => new Probe(kind, method, path.replace('{id}', id), who))

// ── Accepted text is plain text ──

/**
 * What the server keeps of a text field: the text as sent, without surrounding white space; a product's or a
 * customer's name also without the controls that reorder text (shared/bidi.ts), since exports carry them on.
 */
function expectVerbatim(
  field: string,
  sent: unknown,
  returned: unknown,
  stored: unknown,
  { isName = false }: { isName?: boolean } = {},
) {
  expect(typeof sent, `${field} was accepted though not a text`).toBe('string')
  const expected = isName ? plainName(sent as string) : (sent as string).trim()
  expect(returned, `${field} as returned`).toBe(expected)
  expect(stored, `${field} as stored`).toBe(expected)
}

const productRow = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!
const vendorRow = async (id: string) => (await t.db.select().from(vendors).where(eq(vendors.id, id)))[0]!
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!
const messageRow = async (id: string) => (await t.db.select().from(messages).where(eq(messages.id, id)))[0]!

const productEcho = (sent: Record<string, unknown>) => async (response: ApiResponse) => {
  const row = await productRow(response.body.id)
  expectVerbatim('name', sent.name, response.body.name, row.name, { isName: true })
  if (sent.description !== undefined)
    expectVerbatim('description', sent.description, response.body.description, row.description)
}

const vendorEcho =
  (names: ('shopName' | 'businessAddress')[]) =>
  (sent: Record<string, unknown>) =>
  async (response: ApiResponse) => {
    const row = await vendorRow(response.body.id)
    for (const name of names)
      if (sent[name] !== undefined) expectVerbatim(name, sent[name], response.body[name], row[name])
  }

const reasonEcho =
  (read: (id: string) => Promise<{ decisionReason: string | null }>) =>
  (sent: Record<string, unknown>) =>
  async (response: ApiResponse) => {
    if (sent.status !== 'rejected' || typeof sent.reason !== 'string' || sent.reason.trim() === '') return
    const row = await read(response.body.id)
    expectVerbatim('reason', sent.reason, response.body.decisionReason, row.decisionReason)
  }

// ── The endpoints ──

let emailCounter = 0
const uniqueEmail = fc.nat().map(() => {
  emailCounter += 1
  return `bad-input-${emailCounter}-${seed}@example.rw`
})

function authProbes() {
  const signUp: JsonEndpoint = {
    kind: 'auth',
    method: 'POST',
    path: '/api/account/register',
    as: 'anonymous',
    base: uniqueEmail.map((email) => ({
      fullName: 'Aline Uwase',
      email,
      role: 'vendor',
      password: DEFAULT_PASSWORD,
      confirmPassword: DEFAULT_PASSWORD,
    })),
    fields: {
      fullName: text,
      email: emailValue,
      role: enumOf('vendor', 'admin'),
      password: textOrHuge,
      confirmPassword: text,
    },
    accepted: (sent) => async (response) => {
      const email = String(sent.email).trim().toLowerCase()
      expect(response.body.email).toBe(email)
      const [user] = await t.db.select().from(users).where(eq(users.email, email))
      expectVerbatim('fullName', sent.fullName, user!.fullName, user!.fullName)
      expect(user!.role).toBe('vendor')
    },
  }
  const signIn: JsonEndpoint = {
    kind: 'auth',
    method: 'POST',
    path: '/api/account/login',
    as: 'anonymous',
    base: fc.constant({ email: fx.vendor.email, password: 'not-the-password' }),
    // The e-mail and the types first: a well-formed attempt costs a password hash, and then the account's limit.
    fields: { email: emailValue, password: wrongType },
  }
  const resend: JsonEndpoint = {
    kind: 'auth',
    method: 'POST',
    path: '/api/account/resend-confirmation',
    as: 'anonymous',
    base: fc.constant({ email: 'nobody@example.rw' }),
    fields: { email: emailValue },
  }
  const confirm: JsonEndpoint = {
    kind: 'auth',
    method: 'POST',
    path: '/api/account/confirm-email',
    as: 'anonymous',
    base: fc.constant({ token: 'a'.repeat(43) }),
    fields: { token: textOrHuge },
  }
  const setupAdmin: JsonEndpoint = {
    kind: 'auth',
    method: 'POST',
    path: '/api/setup/admin',
    as: 'anonymous',
    base: fc.constant({
      token: 'a'.repeat(43),
      fullName: 'Admin',
      email: 'admin2@example.rw',
      password: DEFAULT_PASSWORD,
      confirmPassword: DEFAULT_PASSWORD,
    }),
    fields: { token: text, fullName: text, email: emailValue, password: text },
  }
  return fc.oneof(
    { weight: 5, arbitrary: jsonProbes(signUp) },
    { weight: 3, arbitrary: jsonProbes(signIn) },
    { weight: 1, arbitrary: jsonProbes(resend) },
    { weight: 1, arbitrary: jsonProbes(confirm) },
    { weight: 1, arbitrary: jsonProbes(setupAdmin) },
  )
}

const phoneValue = fc.oneof(
  text,
  fc.constantFrom(
    '+250788123456',
    '0788123456\u0000',
    '+999',
    '0'.repeat(40),
    '078812345٦',
    '+250 788 123 456 ext. 1',
  ),
)
const payoutDetailsValue = fc.oneof(
  fc.record({ provider: enumOf('mtn', 'airtel'), mobileNumber: phoneValue }),
  fc.record({ bankName: text, accountNumber: text, routingNumber: text }),
  fc.record({ paypalEmail: emailValue }),
  wrongType,
)

function vendorProbes() {
  const registration: JsonEndpoint = {
    kind: 'vendor registration and profile',
    method: 'POST',
    path: '/api/vendor/registration',
    as: 'newcomer',
    base: fc.constant({
      fullName: 'Eric Mugisha',
      phone: '0788 123 456',
      shopName: 'Newcomer Shop',
      businessAddress: 'KN 4 Ave, Kigali',
      shopLogo: null,
      govId: fx.newcomerGovId,
      idDocuments: [],
      businessDocuments: [],
      payoutMethod: 'mobile_money',
      payoutDetails: { provider: 'mtn', mobileNumber: '0788123456' },
    }),
    fields: {
      fullName: text,
      phone: phoneValue,
      shopName: text,
      businessAddress: text,
      shopLogo: idValue,
      govId: idValue,
      idDocuments: ids,
      businessDocuments: ids,
      payoutMethod: enumOf('bank', 'paypal', 'mobile_money'),
      payoutDetails: payoutDetailsValue,
    },
    accepted: vendorEcho(['shopName', 'businessAddress']),
  }
  const profile: JsonEndpoint = {
    kind: 'vendor registration and profile',
    method: 'PATCH',
    path: '/api/vendor/profile',
    as: 'vendor',
    base: fc.constant({
      shopName: fx.vendor.shopName,
      businessAddress: 'KN 4 Ave, Kigali',
      phone: '0788 123 456',
    }),
    fields: { shopName: text, businessAddress: text, phone: phoneValue, lowStockThreshold: money },
    accepted: vendorEcho(['shopName', 'businessAddress']),
  }
  const logo: JsonEndpoint = {
    kind: 'vendor registration and profile',
    method: 'PUT',
    path: '/api/vendor/profile/logo',
    as: 'vendor',
    base: fc.constant({ fileId: null }),
    fields: { fileId: idValue },
  }
  const documents: JsonEndpoint = {
    kind: 'vendor registration and profile',
    method: 'PUT',
    path: '/api/vendor/profile/business-documents',
    as: 'vendor',
    base: fc.constant({ fileIds: [] }),
    fields: { fileIds: ids },
  }
  const plan: JsonEndpoint = {
    kind: 'vendor registration and profile',
    method: 'PUT',
    path: '/api/vendor/subscription',
    as: 'vendor',
    base: fc.constant({ plan: 'unlimited' }),
    fields: { plan: enumOf('starter', 'growth', 'business', 'scaling', 'unlimited') },
  }
  return fc.oneof(
    { weight: 4, arbitrary: jsonProbes(registration) },
    { weight: 3, arbitrary: jsonProbes(profile) },
    { weight: 1, arbitrary: jsonProbes(logo) },
    { weight: 1, arbitrary: jsonProbes(documents) },
    { weight: 1, arbitrary: jsonProbes(plan) },
  )
}

const variantValue = fc.oneof(
  fc.record({ color: enumOf('red'), size: enumOf('m'), price: money, stock: money }, { requiredKeys: [] }),
  fc.record({ price: money, stock: money }),
  wrongType,
)
const productFields: Fields = {
  name: text,
  description: textOrHuge,
  category: enumOf('Clothes', 'Home Decor'),
  price: money,
  images: ids,
  hasVariants: fc.oneof(wrongType, fc.constantFrom('true', 'false', 1, 0)),
  colors: fc.oneof(
    fc.array(enumOf('red', 'blue'), { maxLength: 4 }),
    fc.constant(Array(30).fill('red')),
    wrongType,
  ),
  sizes: fc.oneof(fc.array(enumOf('s', 'm'), { maxLength: 4 }), wrongType),
  variants: fc.oneof(
    fc.array(variantValue, { maxLength: 4 }),
    fc.constant(Array(400).fill({ price: 1, stock: 1 })),
    wrongType,
  ),
  version: fc.oneof(text, wrongType),
}

function productProbes() {
  const product = {
    name: 'Inkoko basket',
    description: 'Hand-woven',
    category: 'Home Decor',
    price: 12_000,
    images: [fx.vendorImageId],
    hasVariants: false,
    colors: [],
    sizes: [],
    variants: [{ price: 12_000, stock: 5 }],
  }
  const withVariants = {
    ...product,
    name: 'Kitenge shirt',
    category: 'Clothes',
    hasVariants: true,
    colors: ['red', 'blue'],
    sizes: ['s', 'm'],
    variants: ['red', 'blue'].flatMap((color) =>
      ['s', 'm'].map((size) => ({ color, size, price: 8_000, stock: 3 })),
    ),
  }
  const create: JsonEndpoint = {
    kind: 'products',
    method: 'POST',
    path: '/api/vendor/products',
    as: 'vendor',
    base: fc.constantFrom(product, withVariants),
    fields: productFields,
    accepted: productEcho,
  }
  const currentVersion = new Live('current version', async () => {
    const response = await t.get(`/api/vendor/products/${fx.productId}`, { cookie: cookies.vendor })
    return response.body.version
  })
  const edit: JsonEndpoint = {
    kind: 'products',
    method: 'PUT',
    path: '/api/vendor/products/{id}',
    ids: () => [fx.productId],
    as: 'vendor',
    base: fc.constantFrom(product, withVariants).map((body) => ({ ...body, version: currentVersion })),
    fields: productFields,
    accepted: productEcho,
  }
  return fc.oneof(
    { weight: 5, arbitrary: jsonProbes(create) },
    { weight: 4, arbitrary: jsonProbes(edit) },
    { weight: 1, arbitrary: idProbes('products', 'GET', '/api/vendor/products/{id}', 'vendor') },
    { weight: 1, arbitrary: idProbes('products', 'DELETE', '/api/vendor/products/{id}', 'vendor') },
  )
}

function orderProbes() {
  const create: JsonEndpoint = {
    kind: 'orders',
    method: 'POST',
    path: '/api/admin/orders',
    as: 'admin',
    base: fc.constant({
      vendorId: fx.vendor.vendorId,
      productId: fx.orderProduct.id,
      variantId: fx.orderProduct.variantId,
      customerName: 'Jean Mugisha',
      customerEmail: 'jean.mugisha@example.rw',
      quantity: 1,
    }),
    fields: {
      vendorId: idValue,
      productId: idValue,
      variantId: idValue,
      customerName: text,
      customerEmail: emailValue,
      quantity: money,
    },
    accepted: (sent) => async (response) => {
      const row = await orderRow(response.body.id)
      expectVerbatim('customerName', sent.customerName, response.body.customerName, row.customerName, {
        isName: true,
      })
    },
  }
  const status = (path: string, as: Who): JsonEndpoint => ({
    kind: 'orders',
    method: 'PATCH',
    path,
    ids: () => [fx.orderId],
    as,
    base: fc.constant({ status: 'pending' }),
    fields: { status: enumOf('pending', 'completed', 'refunded') },
  })
  const complete: JsonEndpoint = {
    kind: 'orders',
    method: 'POST',
    path: '/api/vendor/orders/complete',
    as: 'vendor',
    base: fc.constant({ ids: [fx.orderId] }),
    fields: { ids },
  }
  return fc.oneof(
    { weight: 5, arbitrary: jsonProbes(create) },
    { weight: 1, arbitrary: jsonProbes(complete) },
    { weight: 2, arbitrary: jsonProbes(status('/api/admin/orders/{id}/status', 'admin')) },
    { weight: 2, arbitrary: jsonProbes(status('/api/vendor/orders/{id}/status', 'vendor')) },
    { weight: 1, arbitrary: idProbes('orders', 'GET', '/api/admin/orders/{id}', 'admin') },
    { weight: 1, arbitrary: idProbes('orders', 'DELETE', '/api/admin/orders/{id}', 'admin') },
  )
}

// ── Order import (multipart CSV) ──

const csvCell = (value: string) => `"${value.replace(/"/g, '""')}"`
const importHeader = 'Customer Name,Customer Email,Vendor Shop Name,Product Name,Variant SKU,Quantity'

function importProbes() {
  const cell = fc.oneof(
    { weight: 4, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.constantFrom(...moneyLiterals, ...moneyStrings, '=1+1', "'=cmd", '"', '""') },
  )
  const realRow = fc
    .tuple(textValue, fc.constantFrom('1', '2', '-1', '0.5', '1e400', 'abc', ''))
    .map(([name, quantity]) => [
      name,
      'client@example.rw',
      fx.importVendor.shopName,
      fx.importProduct.name,
      fx.importProduct.sku,
      quantity,
    ])
  const row = fc.oneof(
    fc.array(cell, { minLength: 6, maxLength: 6 }),
    fc.array(cell, { maxLength: 9 }),
    realRow,
  )
  const header = fc.oneof(
    { weight: 4, arbitrary: fc.constant(importHeader) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'Customer Name,Quantity',
        '',
        '\uFEFF' + importHeader,
        importHeader.toUpperCase(),
      ),
    },
    { weight: 1, arbitrary: fc.array(cell, { maxLength: 7 }).map((cells) => cells.map(csvCell).join(',')) },
  )
  const quoted = fc
    .tuple(header, fc.array(row, { maxLength: 8 }), fc.constantFrom('\n', '\r\n', '\r'), fc.boolean())
    .map(([head, rows, newline, quote]) =>
      [head, ...rows.map((cells) => cells.map((value) => (quote ? csvCell(value) : value)).join(','))].join(
        newline,
      ),
    )
  const bytes = fc.oneof(
    { weight: 6, arbitrary: quoted.map((csv) => new TextEncoder().encode(csv)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        new Uint8Array([0xff, 0xfe, 0x43, 0x00]),
        new TextEncoder().encode(`${importHeader}\n"unclosed,quote`),
        new TextEncoder().encode(`${importHeader}\n${'a,b@example.rw,c,d,e,1\n'.repeat(2_001)}`),
        new TextEncoder().encode(`${importHeader}\n${'x'.repeat(2 * 1024 * 1024)}`),
        new Uint8Array([0x43, 0xed, 0xa0, 0x80]),
      ),
    },
  )
  const filePart = fc
    .tuple(
      bytes,
      fc.oneof(fc.constant('orders.csv'), textValue),
      fc.constantFrom('text/csv', 'application/octet-stream', 'image/png', ''),
    )
    .map(([content, fileName, type]): Part => ({ name: 'file', file: { bytes: content, fileName, type } }))
  const parts = fc.oneof(
    { weight: 6, arbitrary: filePart.map((part) => [part]) },
    { weight: 1, arbitrary: fc.tuple(filePart, filePart).map((two) => [...two]) },
    { weight: 1, arbitrary: hostileText.map((value): Part[] => [{ name: 'file', value }]) },
    { weight: 1, arbitrary: fc.constant<Part[]>([]) },
  )
  const dryRun = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('true', 'false') },
    { weight: 1, arbitrary: queryValue },
  )
  const form = fc.tuple(parts, dryRun, others('admin')).map(
    ([list, dry, who]) =>
      new Probe(
        'order import',
        'POST',
        `/api/admin/orders/import?dryRun=${dry}`,
        who,
        { parts: list },
        {},
        async (response, before, after) => {
          const result = response.body as {
            imported: number
            dryRun: boolean
            errors: { messageKey: string }[]
          }
          for (const error of result.errors)
            expect(isEnglishKey(error.messageKey), `row messageKey ${error.messageKey}`).toBe(true)
          // A preview writes nothing; a real import writes its orders, one audit entry about the file and the
          // import's record (its content hash, so the same file is asked about next time); a refused row nothing.
          expect(rowsIn(after, 'orders') - rowsIn(before, 'orders')).toBe(result.dryRun ? 0 : result.imported)
          if (result.dryRun) expect(after).toEqual(before)
          else if (result.imported === 0) {
            expect(withoutFileRecords(after)).toEqual(withoutFileRecords(before))
            expect(rowsIn(after, 'audit_logs') - rowsIn(before, 'audit_logs')).toBe(1)
            expect(rowsIn(after, 'order_imports') - rowsIn(before, 'order_imports')).toBe(1)
          }
        },
      ),
  )
  const raw = fc
    .tuple(
      fc.constantFrom(
        'multipart/form-data; boundary=b',
        'multipart/form-data',
        'text/csv',
        'application/json',
      ),
      fc.string({ maxLength: 200 }),
    )
    .map(
      ([type, content]) =>
        new Probe(
          'order import',
          'POST',
          '/api/admin/orders/import',
          'admin',
          { raw: `--b\r\n${content}` },
          { 'content-type': type },
        ),
    )
  return fc.oneof({ weight: 8, arbitrary: form }, { weight: 1, arbitrary: raw })
}

function payoutProbes() {
  const request: JsonEndpoint = {
    kind: 'payouts',
    method: 'POST',
    path: '/api/vendor/payouts',
    as: 'vendor',
    base: fc.constant({ amount: 1_000 }),
    fields: { amount: money },
  }
  return fc.oneof(
    { weight: 6, arbitrary: jsonProbes(request) },
    {
      weight: 1,
      arbitrary: idProbes('payouts', 'POST', '/api/vendor/payouts/{id}/confirm-receipt', 'vendor'),
    },
    { weight: 1, arbitrary: idProbes('payouts', 'GET', '/api/admin/payouts/{id}', 'admin') },
    {
      weight: 1,
      arbitrary: idProbes('payouts', 'POST', '/api/admin/payouts/{id}/payout-details', 'admin'),
    },
  )
}

function messageProbes() {
  const send: JsonEndpoint = {
    kind: 'messages',
    method: 'POST',
    path: '/api/messages',
    as: 'vendor',
    base: fc.constant({ type: 'general', subject: 'Stock question', content: 'When is the next delivery?' }),
    fields: { type: enumOf('general', 'support', 'order'), subject: text, content: textOrHuge },
    accepted: (sent) => async (response) => {
      const row = await messageRow(response.body.id)
      expectVerbatim('content', sent.content, response.body.content, row.content)
      if (typeof sent.subject === 'string' && sent.subject.trim() !== '')
        expectVerbatim('subject', sent.subject, response.body.subject, row.subject)
    },
  }
  const reply: JsonEndpoint = {
    kind: 'messages',
    method: 'POST',
    path: '/api/admin/messages/{id}/reply',
    ids: () => [fx.messageId],
    as: 'admin',
    base: fc.constant({ content: 'Thank you, it comes on Monday.' }),
    fields: { content: textOrHuge },
    accepted: (sent) => async (response) => {
      const row = await messageRow(response.body.id)
      expectVerbatim('content', sent.content, response.body.content, row.content)
    },
  }
  return fc.oneof(
    { weight: 5, arbitrary: jsonProbes(send) },
    { weight: 3, arbitrary: jsonProbes(reply) },
    { weight: 1, arbitrary: idProbes('messages', 'POST', '/api/messages/{id}/read', 'admin') },
  )
}

function decisionProbes() {
  const decision = { status: 'rejected', reason: 'Documents are unreadable' }
  const fields: Fields = { status: enumOf('approved', 'rejected'), reason: textOrHuge }
  const vendorDecision: JsonEndpoint = {
    kind: 'admin decisions',
    method: 'PATCH',
    path: '/api/admin/vendors/{id}/status',
    ids: () => [fx.pendingVendorId, fx.vendor.vendorId],
    as: 'admin',
    base: fc.constant(decision),
    fields,
    accepted: reasonEcho(vendorRow),
  }
  const productDecision: JsonEndpoint = {
    kind: 'admin decisions',
    method: 'PATCH',
    path: '/api/admin/products/{id}/status',
    ids: () => [fx.moderationProductId],
    as: 'admin',
    base: fc.constant(decision),
    fields,
    accepted: reasonEcho(productRow),
  }
  const bulk: JsonEndpoint = {
    kind: 'admin decisions',
    method: 'POST',
    path: '/api/admin/products/decisions',
    as: 'admin',
    base: fc.constant({ ...decision, ids: [fx.moderationProductId] }),
    fields: { ...fields, ids },
  }
  const payoutDecision: JsonEndpoint = {
    kind: 'admin decisions',
    method: 'PATCH',
    path: '/api/admin/payouts/{id}',
    ids: () => [fx.payoutId],
    as: 'admin',
    base: fc.constant({ status: 'approved', paymentReference: 'MTN-123' }),
    fields: { ...fields, paymentReference: textOrHuge },
  }
  const plan: JsonEndpoint = {
    kind: 'admin decisions',
    method: 'POST',
    path: '/api/admin/vendors/{id}/plan',
    ids: () => [fx.vendor.vendorId],
    as: 'admin',
    base: fc.constant({ plan: 'growth' }),
    fields: { plan: enumOf('growth', 'unlimited') },
  }
  return fc.oneof(
    { weight: 3, arbitrary: jsonProbes(vendorDecision) },
    { weight: 3, arbitrary: jsonProbes(productDecision) },
    { weight: 2, arbitrary: jsonProbes(bulk) },
    { weight: 3, arbitrary: jsonProbes(payoutDecision) },
    { weight: 1, arbitrary: jsonProbes(plan) },
  )
}

// ── List queries ──

const lists: { path: string; as: Who; params: string[] }[] = [
  { path: '/api/vendor/products', as: 'vendor', params: ['page', 'pageSize', 'stock'] },
  { path: '/api/vendor/orders', as: 'vendor', params: ['page', 'pageSize', 'status', 'q'] },
  { path: '/api/vendor/payouts', as: 'vendor', params: ['page', 'pageSize'] },
  { path: '/api/messages', as: 'vendor', params: ['page', 'pageSize', 'type', 'q'] },
  { path: '/api/messages', as: 'admin', params: ['page', 'pageSize', 'type', 'q'] },
  { path: '/api/admin/vendors', as: 'admin', params: ['page', 'pageSize', 'q', 'status'] },
  {
    path: '/api/admin/products',
    as: 'admin',
    params: ['page', 'pageSize', 'q', 'status', 'from', 'to', 'stock'],
  },
  { path: '/api/admin/products/export', as: 'admin', params: ['q', 'status', 'from', 'to', 'ids', 'stock'] },
  { path: '/api/admin/products/images', as: 'admin', params: ['ids'] },
  { path: '/api/admin/orders', as: 'admin', params: ['page', 'pageSize', 'q', 'status', 'vendorId'] },
  { path: '/api/admin/orders/export', as: 'admin', params: ['q', 'status', 'vendorId'] },
  { path: '/api/admin/orders/shops', as: 'admin', params: ['q', 'forSale'] },
  { path: '/api/admin/orders/products', as: 'admin', params: ['vendorId'] },
  { path: '/api/admin/payouts', as: 'admin', params: ['page', 'pageSize', 'q', 'status'] },
  { path: '/api/admin/payouts/export', as: 'admin', params: ['q', 'status', 'paymentDetails'] },
  { path: '/api/admin/audit-logs', as: 'admin', params: ['page', 'pageSize', 'q', 'action', 'days'] },
  { path: '/api/admin/audit-logs/export', as: 'admin', params: ['q', 'action', 'days'] },
  { path: '/api/admin/reports', as: 'admin', params: ['days'] },
  { path: '/api/admin/reports/export', as: 'admin', params: ['days'] },
  { path: `/api/files/{file}`, as: 'vendor', params: ['variant'] },
]

function listProbes() {
  return fc.constantFrom(...lists).chain((list) => {
    const name = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...list.params) },
      { weight: 1, arbitrary: fc.constantFrom('q[]', 'page[a]', '__proto__', '', '%00', 'a'.repeat(300)) },
    )
    const pair = fc.tuple(name, queryValue).map(([key, value]) => `${key}=${value}`)
    const query = fc.oneof(
      {
        weight: 8,
        arbitrary: fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => pairs.join('&')),
      },
      {
        weight: 1,
        arbitrary: fc.array(pair, { minLength: 50, maxLength: 300 }).map((pairs) => pairs.join('&')),
      },
      { weight: 1, arbitrary: fc.tuple(name, overlongValue).map(([key, value]) => `${key}=${value}`) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('&&&', '=', '%', '?', 'q', 'page=1&page=2&page=x', 'q=%ED%A0%80'),
      },
    )
    const path = list.path.replace('{file}', fx.vendorImageId)
    return fc
      .tuple(query, others(list.as))
      .map(([search, who]) => new Probe('list queries', 'GET', `${path}?${search}`, who))
  })
}

// ── Uploads (purpose field) ──

function uploadProbes() {
  {
    const purposes = ['logo', 'gov_id', 'id_document', 'business_document', 'product_image']
    const purpose = fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom(...purposes) },
      { weight: 4, arbitrary: fc.oneof(enumOf(...purposes).map(asText), textValue, hugeText) },
    )
    const file = fc
      .tuple(
        fc.constantFrom('png', 'pdf', 'junk', 'empty', 'html'),
        fc.oneof(fc.constant('picture.png'), textValue),
        fc.constantFrom('image/png', 'application/pdf', 'text/html', ''),
      )
      .map(([kind, fileName, type]): FilePart => ({
        name: 'file',
        file: {
          bytes:
            kind === 'png'
              ? samplePng
              : kind === 'pdf'
                ? new Uint8Array(pdfDocument())
                : kind === 'html'
                  ? new TextEncoder().encode('<script>alert(1)</script>')
                  : kind === 'empty'
                    ? new Uint8Array()
                    : new Uint8Array([0, 1, 2, 3, 0xff]),
          fileName,
          type,
        },
      }))
    const parts = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.tuple(purpose, file).map(([value, part]): Part[] => [{ name: 'purpose', value }, part]),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(purpose, purpose, file)
          .map(([a, b, part]): Part[] => [
            { name: 'purpose', value: a },
            { name: 'purpose', value: b },
            part,
          ]),
      },
      { weight: 1, arbitrary: file.map((part): Part[] => [{ name: 'purpose', file: part.file }, part]) },
      { weight: 1, arbitrary: purpose.map((value): Part[] => [{ name: 'purpose', value }]) },
    )
    const form = fc.tuple(parts, others('vendor')).map(
      ([list, who]) =>
        new Probe('uploads', 'POST', '/api/uploads', who, { parts: list }, {}, async (response) => {
          const sent = list.find(
            (part): part is { name: string; value: string } => part.name === 'purpose' && 'value' in part,
          )
          expect(response.body.purpose).toBe(sent?.value)
        }),
    )
    const raw = fc
      .tuple(
        fc.constantFrom(
          'multipart/form-data',
          'multipart/form-data; boundary=b',
          'application/json',
          'text/plain',
        ),
        fc.string({ maxLength: 100 }),
      )
      .map(
        ([type, content]) =>
          new Probe('uploads', 'POST', '/api/uploads', 'vendor', { raw: content }, { 'content-type': type }),
      )
    return fc.oneof({ weight: 8, arbitrary: form }, { weight: 1, arbitrary: raw })
  }
}
let samplePng = new Uint8Array()

// ── The properties ──

describe('malformed requests at scale', () => {
  beforeAll(async () => {
    samplePng = new Uint8Array(await pngImage({ width: 8, height: 8 }))
  })

  // Every endpoint class, many requests each: no 5xx, the one error shape with known keys, nothing written.
  it('auth: sign-up, sign-in, confirmation and setup', () => runProperty(authProbes(), 150), 120_000)
  it('vendor registration and profile', () => runProperty(vendorProbes(), 300), 120_000)
  it('products: create and edit with variants', () => runProperty(productProbes(), 350), 120_000)
  it('orders: admin create and status changes', () => runProperty(orderProbes(), 300), 120_000)
  it('order import: multipart CSV', () => runProperty(importProbes(), 100), 120_000)
  it('payouts: request and receipt', () => runProperty(payoutProbes(), 200), 120_000)
  it('messages: send, reply and read', () => runProperty(messageProbes(), 250), 120_000)
  it(
    'admin decisions with reasons: vendors, products, payouts',
    () => runProperty(decisionProbes(), 300),
    120_000,
  )
  it(
    'list queries: q, status, page, pageSize, dates, days, ids',
    () => runProperty(listProbes(), 600),
    120_000,
  )
  it('uploads: the purpose field and the file part', () => runProperty(uploadProbes(), 150), 120_000)
})
