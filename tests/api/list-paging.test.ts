import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countCap, searchCountCap } from '../../src/shared/schemas/pagination'
import { adminOf, registeredVendor, type RegisteredVendor } from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { createTestApp } from '../fixtures/test-app'

// Lists at a million rows (docs/decisions/012): counts stop at countCap, and pages past the counted rows are
// reached by cursor. These tests hold the rules the speed depends on: the count is bounded, a cursor walk shows
// every row once, and a cursor never widens what its reader may see.

let t: Awaited<ReturnType<typeof createTestApp>>
let a: RegisteredVendor
let b: RegisteredVendor
let adminCookie: string

beforeAll(async () => {
  t = await createTestApp()
  const [first, second, admin] = await Promise.all([
    registeredVendor(t, { status: 'approved' }),
    registeredVendor(t, { status: 'approved' }),
    adminOf(t)(),
  ])
  ;[a, b, adminCookie] = [first, second, admin.cookie]
}, 120_000)
afterAll(async () => {
  await t?.close()
})

/** The ids a raw statement returned (PGlite and node-postgres both answer `{ rows }`). */
const idsOf = (result: unknown) => (result as { rows: { id: string }[] }).rows.map((row) => row.id)

/**
 * Orders of one shop written straight to the table, at chosen times in microseconds before `base`: several at
 * the very same time (the id must break the tie) and some a microsecond apart (a cursor rounded to the
 * millisecond, as a JavaScript Date keeps it, would skip or repeat them).
 */
async function ordersAt(vendorId: string, microsBefore: number[], base = '2026-05-01T10:00:00.000000Z') {
  const result = await t.db.execute(sql`
    insert into orders (vendor_id, product_name, sku, unit_price, quantity, total_amount, customer_name,
      customer_email, status, created_at)
    select ${vendorId}::uuid, 'Agaseke basket', 'AGA-1', 1000, 1, 1000, 'Aline Uwase', 'aline@example.rw',
      'completed', ${base}::timestamptz - make_interval(secs => m / 1000000.0)
    from unnest(${`{${microsBefore.join(',')}}`}::bigint[]) as m
    returning id`)
  return idsOf(result)
}

/** The shop's orders as the list must show them: newest first, the id (descending) breaking ties. */
async function expectedOrder(vendorId: string) {
  return idsOf(
    await t.db.execute(
      sql`select id from orders where vendor_id = ${vendorId} order by created_at desc, id desc`,
    ),
  )
}

const ids = (body: { items: { id: string }[] }): string[] => body.items.map((item) => item.id)

describe('bounded counts', () => {
  // A count of every matching row on each page costs more than the page at a million rows: it stops at 10,000.
  it('stops counting at 10,000 (totalIsCapped), the audit cards too, and refuses a page number past the counted rows', async () => {
    const marker = `bulk-${Date.now()}`
    await t.db.execute(sql`
      insert into audit_logs (action, target_table, target_id, details, created_at)
      select 'update', 'products', gen_random_uuid()::text, jsonb_build_object('note', ${marker}::text),
        now() - make_interval(secs => g)
      from generate_series(1, ${countCap + 60}::integer) as g`)

    const capped = await t.get('/api/admin/audit-logs?days=1&pageSize=50', { cookie: adminCookie })
    expect(capped.status).toBe(200)
    expect(capped.body).toMatchObject({ total: countCap, totalIsCapped: true, page: 1, pageSize: 50 })
    expect(capped.body.items).toHaveLength(50)
    expect(capped.body.summaryIsCapped).toBe(true)
    expect(capped.body.summary.total).toBe(countCap)
    expect(capped.body.nextCursor).toEqual(expect.any(String))
    expect(capped.body.previousCursor).toBeNull()

    // The last numbered page (offset 9,950) still answers; the one after it is reached by cursor only.
    const last = await t.get('/api/admin/audit-logs?days=1&pageSize=50&page=200', { cookie: adminCookie })
    expect(last.status).toBe(200)
    expect(last.body.items).toHaveLength(50)
    expectError(await t.get('/api/admin/audit-logs?days=1&pageSize=50&page=201', { cookie: adminCookie }), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.pageTooDeep',
      fields: { page: 'errors.pageTooDeep' },
    })
    const beyond = await t.get(
      `/api/admin/audit-logs?days=1&pageSize=50&page=201&after=${last.body.nextCursor}`,
      { cookie: adminCookie },
    )
    expect(beyond.status).toBe(200)
    expect(beyond.body.items).toHaveLength(50)
    expect(ids(beyond.body).some((id) => ids(last.body).includes(id))).toBe(false)

    // A filter that keeps fewer rows is counted exactly.
    const few = await t.get('/api/admin/audit-logs?days=1&action=delete', { cookie: adminCookie })
    expect(few.body).toMatchObject({ totalIsCapped: false, summaryIsCapped: false })
    expect(few.body.total).toBe(few.body.summary.total)
    expect(few.body.total).toBeLessThan(countCap)

    // A search stops at 1,000 (each row it counts is matched by its pattern); its pages go on by cursor.
    const searched = await t.get(`/api/admin/audit-logs?days=1&pageSize=50&q=${marker}`, {
      cookie: adminCookie,
    })
    expect(searched.status).toBe(200)
    expect(searched.body).toMatchObject({ total: searchCountCap, totalIsCapped: true, summaryIsCapped: true })
    expect(searched.body.summary.total).toBe(searchCountCap)
    expect(searched.body.items).toHaveLength(50)
    expectError(
      await t.get(`/api/admin/audit-logs?days=1&pageSize=50&page=21&q=${marker}`, { cookie: adminCookie }),
      { status: 422, code: 'VALIDATION', messageKey: 'errors.pageTooDeep' },
    )
    const searchedFurther = await t.get(
      `/api/admin/audit-logs?days=1&pageSize=50&page=21&q=${marker}&after=${searched.body.nextCursor}`,
      { cookie: adminCookie },
    )
    expect(searchedFurther.status).toBe(200)
    expect(searchedFurther.body.items).toHaveLength(50)
    // A search that finds fewer is counted exactly.
    const one = await t.get(`/api/admin/audit-logs?days=1&q=${searched.body.items[0].targetId}`, {
      cookie: adminCookie,
    })
    expect(one.body).toMatchObject({ total: 1, totalIsCapped: false })
  }, 120_000)
})

describe('cursor pages', () => {
  it('walk a list forward and back showing every row once, ties and microseconds included', async () => {
    // Two at the same instant, then pairs a microsecond apart, so that pages end inside a millisecond.
    const made = await ordersAt(
      a.vendorId,
      [0, 0, 3, 4, 1000, 1001, 5_000_000],
      '2026-05-01T10:00:00.000400Z',
    )
    const expected = await expectedOrder(a.vendorId)
    expect(expected).toEqual(expect.arrayContaining(made))

    const pages = []
    let query = 'pageSize=3'
    for (let page = 1; page <= 10; page += 1) {
      const response = await t.get(`/api/vendor/orders?${query}`, { cookie: a.cookie })
      expect(response.status).toBe(200)
      pages.push(response.body)
      if (!response.body.nextCursor) break
      query = `pageSize=3&page=${page + 1}&after=${response.body.nextCursor}`
    }
    const chunks = Array.from({ length: Math.ceil(expected.length / 3) }, (_, at) =>
      expected.slice(at * 3, at * 3 + 3),
    )
    expect(pages.map(ids)).toEqual(chunks)
    expect(pages.map((page) => page.page)).toEqual(chunks.map((_, at) => at + 1))
    expect(pages[0]).toMatchObject({ total: expected.length, totalIsCapped: false, previousCursor: null })

    // Previous from the third page: the second, by the third page's first row.
    const back = await t.get(`/api/vendor/orders?pageSize=3&page=2&before=${pages[2].previousCursor}`, {
      cookie: a.cookie,
    })
    expect(ids(back.body)).toEqual(chunks[1])
    expect(back.body.nextCursor).toEqual(pages[1].nextCursor)
    // …and from there to the top, which comes back as a whole first page.
    const top = await t.get(`/api/vendor/orders?pageSize=3&page=1&before=${back.body.previousCursor}`, {
      cookie: a.cookie,
    })
    expect(ids(top.body)).toEqual(chunks[0])
    expect(top.body).toMatchObject({ page: 1, previousCursor: null })
  })

  // Scope lives in the query: a cursor is a place in the order, never a row to read, so one taken from another
  // shop's list only narrows the reader's own rows.
  it("a vendor's cursor taken from another shop's orders shows only the reader's own rows", async () => {
    const ofA = await ordersAt(a.vendorId, [10, 20, 30, 40], '2026-06-01T10:00:00.000000Z')
    const ofB = await ordersAt(b.vendorId, [15, 25, 35], '2026-06-01T10:00:00.000000Z')
    const listOfA = await t.get('/api/vendor/orders?pageSize=1', { cookie: a.cookie })
    const cursorOfA = listOfA.body.nextCursor as string
    expect(ids(listOfA.body)).toEqual([ofA[0]])

    const seenByB = await t.get(`/api/vendor/orders?pageSize=50&page=2&after=${cursorOfA}`, {
      cookie: b.cookie,
    })
    expect(seenByB.status).toBe(200)
    // B's own orders older than A's newest, in order, and nothing of A's.
    expect(ids(seenByB.body)).toEqual((await expectedOrder(b.vendorId)).filter((id) => ofB.includes(id)))
    expect(ids(seenByB.body).some((id) => ofA.includes(id))).toBe(false)
    const before = await t.get(`/api/vendor/orders?pageSize=50&page=2&before=${cursorOfA}`, {
      cookie: b.cookie,
    })
    expect(ids(before.body).some((id) => ofA.includes(id))).toBe(false)

    // Vendor A, with the same cursor, goes on through A's own orders.
    const seenByA = await t.get(`/api/vendor/orders?pageSize=3&page=2&after=${cursorOfA}`, {
      cookie: a.cookie,
    })
    expect(ids(seenByA.body)).toEqual(ofA.slice(1, 4))
  })

  it('refuses a cursor it cannot read, or two at once, with a message (never a 500)', async () => {
    for (const [query, field] of [
      ['after=not-a-cursor', 'after'],
      ['before=123_456', 'before'],
      [`after=${'9'.repeat(17)}_00000000-0000-0000-0000-000000000000`, 'after'],
      ["after=1'%20or%201=1", 'after'],
    ] as const) {
      expectError(await t.get(`/api/vendor/orders?page=2&${query}`, { cookie: a.cookie }), {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'errors.invalidValue',
        fields: { [field]: 'errors.invalidValue' },
      })
    }
    const cursor = `1780000000000000_${a.vendorId}`
    expectError(
      await t.get(`/api/admin/orders?page=2&after=${cursor}&before=${cursor}`, { cookie: adminCookie }),
      {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'errors.invalidValue',
        fields: { before: 'errors.invalidValue' },
      },
    )
  })
})
