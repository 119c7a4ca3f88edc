import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs } from '../../src/server/db/schema'
import { expectError } from '../fixtures/expect-error'
import { registeredVendor, rowCount, theAdmin } from '../fixtures/money'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const DAY = 24 * 60 * 60 * 1000
const list = (cookie: string | undefined, query: string) =>
  t.get(`/api/admin/audit-logs?${query}`, cookie ? { cookie } : {})

/** Entries written as services write them, at chosen times, all naming `marker` in their details. */
async function entries(
  byUserId: string,
  marker: string,
  rows: { action: 'create' | 'update' | 'delete' | 'approve' | 'reject'; daysAgo: number }[],
) {
  const inserted = []
  for (const row of rows) {
    const [entry] = await t.db
      .insert(auditLogs)
      .values({
        adminId: byUserId,
        action: row.action,
        targetTable: 'products',
        targetId: randomUUID(),
        oldValues: { status: 'pending' },
        newValues: { status: 'approved' },
        details: { product_name: `${marker} basket` },
        requestId: `req-${marker}`,
        ipAddress: '197.243.10.5',
        userAgent: 'Mozilla/5.0 (Linux; Android 12)',
        createdAt: new Date(Date.now() - row.daysAgo * DAY),
      })
      .returning()
    inserted.push(entry!)
  }
  return inserted
}

/** One entry on any table and id, found by the product name in its details. */
const entryOn = (
  byUserId: string,
  action: 'update' | 'reject',
  targetTable: string,
  targetId: string,
  productName: string,
) =>
  t.db
    .insert(auditLogs)
    .values({ adminId: byUserId, action, targetTable, targetId, details: { product_name: productName } })

const marker = () => `Marker${randomUUID().slice(0, 8)}`

describe('GET /api/admin/audit-logs', () => {
  it('lists the range newest first, with who acted, the values, and the request it came from', async () => {
    const admin = await theAdmin(t)
    const m = marker()
    const [older, newer, outOfRange] = await entries(admin.user.id, m, [
      { action: 'approve', daysAgo: 2 },
      { action: 'update', daysAgo: 1 },
      { action: 'delete', daysAgo: 8 },
    ])
    const response = await list(admin.cookie, `q=${m}`)
    expect(response.status, response.text).toBe(200)
    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual([newer!.id, older!.id])
    expect(response.body.items[0]).toEqual({
      id: newer!.id,
      createdAt: newer!.createdAt.toISOString(),
      actor: { id: admin.user.id, email: admin.email, fullName: admin.input.fullName, role: 'admin' },
      action: 'update',
      targetTable: 'products',
      targetId: newer!.targetId,
      oldValues: { status: 'pending' },
      newValues: { status: 'approved' },
      details: { product_name: `${m} basket` },
      requestId: `req-${m}`,
      ipAddress: '197.243.10.5',
      userAgent: 'Mozilla/5.0 (Linux; Android 12)',
    })
    expect(response.body).toMatchObject({
      total: 2,
      page: 1,
      summary: { total: 2, approvals: 1, updates: 1 },
    })

    // Thirty days reach the entry of eight days ago.
    const month = await list(admin.cookie, `q=${m}&days=30`)
    expect(month.body.items.map((item: { id: string }) => item.id)).toContain(outOfRange!.id)
    expect(month.body.summary).toEqual({ total: 3, approvals: 1, updates: 1, deletions: 1 })
  })

  it('filters by action, and finds entries by the user’s e-mail, the target id or a word of the details', async () => {
    const admin = await theAdmin(t)
    const m = marker()
    const [approved, rejected] = await entries(admin.user.id, m, [
      { action: 'approve', daysAgo: 0 },
      { action: 'reject', daysAgo: 0 },
    ])
    const onlyRejections = await list(admin.cookie, `q=${m}&action=reject`)
    expect(onlyRejections.body.items.map((item: { id: string }) => item.id)).toEqual([rejected!.id])
    expect(onlyRejections.body.summary).toMatchObject({ total: 1, approvals: 0 })

    const byTarget = await list(admin.cookie, `q=${approved!.targetId.slice(0, 13).toUpperCase()}`)
    expect(byTarget.body.items.map((item: { id: string }) => item.id)).toEqual([approved!.id])

    const byEmail = await list(
      admin.cookie,
      `q=${encodeURIComponent(admin.email.toUpperCase())}&pageSize=100`,
    )
    expect(byEmail.body.items.map((item: { id: string }) => item.id)).toEqual(
      expect.arrayContaining([approved!.id, rejected!.id]),
    )
  })

  it('finds an entry by a word of its old or new values (an order’s customer)', async () => {
    const admin = await theAdmin(t)
    const customer = marker()
    const [created] = await t.db
      .insert(auditLogs)
      .values({
        adminId: admin.user.id,
        action: 'create',
        targetTable: 'orders',
        targetId: randomUUID(),
        newValues: { customer_name: `${customer} Uwase` },
        // A second apart: two inserts may share a clock tick, and the list then orders them by id.
        createdAt: new Date(Date.now() - 1000),
      })
      .returning()
    const [deleted] = await t.db
      .insert(auditLogs)
      .values({
        adminId: admin.user.id,
        action: 'delete',
        targetTable: 'orders',
        targetId: randomUUID(),
        oldValues: { customer_name: `${customer} Uwase` },
      })
      .returning()
    const found = await list(admin.cookie, `q=${customer.toLowerCase()}`)
    expect(found.body.items.map((item: { id: string }) => item.id)).toEqual([deleted!.id, created!.id])
  })

  it('pages on the server', async () => {
    const admin = await theAdmin(t)
    const m = marker()
    await entries(
      admin.user.id,
      m,
      [0, 1, 2].map((n) => ({ action: 'create' as const, daysAgo: n / 10 })),
    )
    const second = await list(admin.cookie, `q=${m}&pageSize=2&page=2`)
    expect(second.body).toMatchObject({ total: 3, page: 2, pageSize: 2 })
    expect(second.body.items).toHaveLength(1)
  })

  it('shows a vendor’s own changes with their role', async () => {
    const vendor = await registeredVendor(t)
    const m = marker()
    await entries(vendor.user.id, m, [{ action: 'update', daysAgo: 0 }])
    const response = await list((await theAdmin(t)).cookie, `q=${m}`)
    expect(response.body.items[0].actor).toMatchObject({ email: vendor.email, role: 'vendor' })
  })

  it('refuses a range, an action or a search it does not know, with a message', async () => {
    const admin = await theAdmin(t)
    for (const query of ['days=3', 'days=week', 'action=publish', 'q=%00', 'pageSize=1000']) {
      const response = await list(admin.cookie, query)
      expect(response.status, query).toBe(422)
      expect(response.body.error.code).toBe('VALIDATION')
    }
  })

  it('refuses a vendor (403) and a signed-out visitor (401); an admin still can', async () => {
    const vendor = await registeredVendor(t)
    expectError(await list(vendor.cookie, ''), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expectError(await list(undefined, ''), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
    expect((await list((await theAdmin(t)).cookie, '')).status).toBe(200)
  })
})

describe('GET /api/admin/audit-logs/export', () => {
  const exportOf = (cookie: string | undefined, query: string) =>
    t.get(`/api/admin/audit-logs/export?${query}`, cookie ? { cookie } : {})

  it('writes the filtered entries as dated CSV, formula-safe, and records the export itself', async () => {
    const admin = await theAdmin(t)
    const m = marker()
    const [entry] = await entries(admin.user.id, m, [{ action: 'approve', daysAgo: 0 }])
    // A product named like a formula: a spreadsheet must show it, not run it.
    await entryOn(admin.user.id, 'reject', 'products', '=HYPERLINK("http://evil")', `${m} formula`)
    const response = await exportOf(admin.cookie, `q=${m}&action=approve`)
    expect(response.status, response.text).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-logs-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const lines = response.text.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe(
      'Time,User,Role,Action,Target table,Target id,Old values,New values,Details,Request id,IP address,User agent',
    )
    expect(lines.slice(1, -1)).toHaveLength(1)
    expect(lines[1]).toContain(entry!.targetId)
    expect(lines[1]).toContain(admin.email)
    expect(lines[1]).toContain(`req-${m}`)

    const formula = await exportOf(admin.cookie, `q=${m}&action=reject`)
    expect(formula.text).toContain(`"'=HYPERLINK(""http://evil"")"`)

    const recorded = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetTable, 'exports'), eq(auditLogs.adminId, admin.user.id)))
    expect(recorded.map((row) => row.details)).toContainEqual({
      export: 'audit_logs',
      q: m,
      action: 'approve',
      days: 7,
    })
  })

  // The admin reads the trail in the language of their screens: the header, the role, the action and the table in
  // words (a table no word names keeps its name); the values stay as recorded.
  it("writes the header, roles, actions and tables in the reader's language", async () => {
    const admin = await theAdmin(t)
    const m = marker()
    const [entry] = await entries(admin.user.id, m, [{ action: 'approve', daysAgo: 0 }])
    await entryOn(admin.user.id, 'update', 'gift_cards', randomUUID(), `${m} unknown table`)
    const inRw = await t.get(`/api/admin/audit-logs/export?q=${m}`, {
      cookie: `${admin.cookie}; app-language=rw`,
    })
    const [header, ...rows] = inRw.text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
    expect(header).toBe(
      "Igihe,Ukoresha,Uruhare,Igikorwa,Icyakozweho,Nimero y'icyakozweho,Agaciro ka mbere,Agaciro gashya,Ibisobanuro,Nimero y'ubusabe kuri seriveri,Aderesi ya IP,Mushakisha",
    )
    const approved = rows.find((row) => row.includes(entry!.targetId))
    expect(approved).toContain(`,${admin.email},Umuyobozi,Kwemeza,Igicuruzwa,${entry!.targetId},`)
    expect(approved).toContain('"{""status"":""pending""}"')
    expect(rows.find((row) => row.includes('gift_cards'))).toContain(',Guhindura,gift_cards,')

    const inEnglish = await t.get(`/api/admin/audit-logs/export?q=${m}`, { cookie: admin.cookie })
    expect(inEnglish.text).toContain(`,${admin.email},Admin,Approve,Product,${entry!.targetId},`)
  })

  it('refuses a vendor and a signed-out visitor, and records nothing for them', async () => {
    const vendor = await registeredVendor(t)
    const before = await rowCount(t.db, auditLogs)
    expect((await exportOf(vendor.cookie, '')).status).toBe(403)
    expect((await exportOf(undefined, '')).status).toBe(401)
    expect((await exportOf((await theAdmin(t)).cookie, 'days=2')).status).toBe(422)
    expect(await rowCount(t.db, auditLogs)).toBe(before)
  })
})
