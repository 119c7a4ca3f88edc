import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../src/server/db/schema'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor } from '../fixtures/factories'
import { messageById, registeredVendor, rowCount, theAdmin } from '../fixtures/money'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

type Body = { type?: string; subject?: string; content?: unknown }
const send = (cookie: string, body: Body) =>
  t.post('/api/messages', { type: 'general', subject: '', ...body }, { cookie })
const list = (cookie: string, query = '') => t.get(`/api/messages${query}`, { cookie })
const open = (cookie: string, id: string) => t.post(`/api/messages/${id}/read`, undefined, { cookie })
const reply = (cookie: string, id: string, content: unknown) =>
  t.post(`/api/admin/messages/${id}/reply`, { content }, { cookie })
const ids = (response: { body: { items: { id: string }[] } }) => response.body.items.map((item) => item.id)

describe('POST /api/messages without any admin', () => {
  // Specification §8: with nobody to receive it, the specified system error, and nothing is stored.
  it('refuses with messages.noRecipient and writes nothing', async () => {
    const vendor = await registeredVendor(t)
    const response = await send(vendor.cookie, { content: 'Muraho, I need help' })
    expectError(response, { status: 409, code: 'CONFLICT', messageKey: 'messages.noRecipient' })
    expect(await rowCount(t.db, messages)).toBe(0)
  })
})

describe('POST /api/messages', () => {
  // README: deliberate divergences: a vendor's message goes to the admin team (receiver null), never to "any user".
  it('sends a vendor message to the admin team, with the default subject from the shop name', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const response = await send(vendor.cookie, { type: 'support', content: '  Where is my payout?  ' })
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({
      subject: `Message from ${vendor.shopName}`,
      content: 'Where is my payout?',
      type: 'support',
      readAt: null,
      isOwn: true,
      recipient: null,
      replyToId: null,
      sender: { id: vendor.user.id, fullName: vendor.input.fullName, email: vendor.email, role: 'vendor' },
    })
    const row = await messageById(t.db, response.body.id)
    expect(row).toMatchObject({ senderId: vendor.user.id, receiverId: null, type: 'support' })
    // Every admin sees it, as unread for the team.
    const adminView = await list(admin.cookie)
    expect(ids(adminView)).toContain(response.body.id)
    expect(adminView.body.unread).toBeGreaterThanOrEqual(1)
  })

  it('keeps a subject that is given', async () => {
    await theAdmin(t)
    const vendor = await registeredVendor(t)
    const response = await send(vendor.cookie, {
      subject: 'Order #123',
      content: 'Late delivery',
      type: 'order',
    })
    expect(response.body).toMatchObject({ subject: 'Order #123', type: 'order' })
  })

  // A signed-in user who has not finished registration has no shop name yet: their name stands in.
  it("uses 'Message from {full name}' for a user without a vendor record", async () => {
    await theAdmin(t)
    const who = await confirmedVendor(t)
    const response = await send(who.cookie, { content: 'I cannot finish registration' })
    expect(response.status, response.text).toBe(201)
    expect(response.body.subject).toBe(`Message from ${who.input.fullName}`)
  })

  // Specification §5: content must be non-empty.
  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['missing', undefined],
  ])('refuses %s content with messages.contentRequired, writing nothing', async (_label, content) => {
    await theAdmin(t)
    const vendor = await registeredVendor(t)
    const before = await rowCount(t.db, messages)
    expectError(await send(vendor.cookie, { content }), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'messages.contentRequired',
      fields: { content: 'messages.contentRequired' },
    })
    expect(await rowCount(t.db, messages)).toBe(before)
  })

  it('refuses an unknown type with messages.typeInvalid', async () => {
    const vendor = await registeredVendor(t)
    expectError(await send(vendor.cookie, { content: 'x', type: 'gossip' }), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'messages.typeInvalid',
    })
  })

  // Admins answer through the reply endpoint; the team writing to itself would have no recipient.
  it('refuses admins (403) and signed-out users (401)', async () => {
    const admin = await theAdmin(t)
    expectError(await send(admin.cookie, { content: 'hello' }), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expectError(await t.post('/api/messages', { content: 'hello' }), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
  })
})

describe('GET /api/messages', () => {
  // Vendors see only what they sent or received (specification §6); another vendor's message never shows.
  it("vendor B does not see vendor A's message; vendor A and the admins do", async () => {
    const admin = await theAdmin(t)
    const a = await registeredVendor(t)
    const b = await registeredVendor(t)
    const sent = (await send(a.cookie, { content: 'From A' })).body
    expect(ids(await list(b.cookie))).not.toContain(sent.id)
    expect(ids(await list(a.cookie))).toContain(sent.id)
    expect(ids(await list(admin.cookie))).toContain(sent.id)
  })

  it('filters by type and searches subject and content, newest first, paginated', async () => {
    await theAdmin(t)
    const vendor = await registeredVendor(t)
    const first = (
      await send(vendor.cookie, { subject: 'Stock question', content: 'Do you restock?', type: 'general' })
    ).body
    const second = (
      await send(vendor.cookie, { subject: 'Payout', content: 'Stock of cash: 50% paid?', type: 'support' })
    ).body
    const third = (await send(vendor.cookie, { subject: 'Order', content: 'Late delivery', type: 'order' }))
      .body
    expect(ids(await list(vendor.cookie))).toEqual([third.id, second.id, first.id])
    expect(ids(await list(vendor.cookie, '?type=support'))).toEqual([second.id])
    expect(ids(await list(vendor.cookie, '?q=stock'))).toEqual([second.id, first.id])
    // % is text to look for, not a wildcard.
    expect(ids(await list(vendor.cookie, `?q=${encodeURIComponent('50%')}`))).toEqual([second.id])
    expect(ids(await list(vendor.cookie, `?q=${encodeURIComponent('5%d')}`))).toEqual([])
    const page = await list(vendor.cookie, '?page=2&pageSize=2')
    expect(page.body).toMatchObject({ total: 3, page: 2, pageSize: 2 })
    expect(ids(page)).toEqual([first.id])
  })

  it('refuses an unknown type filter', async () => {
    const vendor = await registeredVendor(t)
    const response = await list(vendor.cookie, '?type=gossip')
    expect(response.status).toBe(422)
  })
})

describe('POST /api/messages/:id/read', () => {
  // Specification §4: a message becomes read when its recipient opens it; only the recipient.
  it("marks the admin team's message read when an admin opens it, and counts it out of the unread", async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const sent = (await send(vendor.cookie, { content: 'Please call me' })).body
    const unreadBefore = (await list(admin.cookie)).body.unread
    const response = await open(admin.cookie, sent.id)
    expect(response.status, response.text).toBe(200)
    expect(response.body.readAt).not.toBeNull()
    expect((await messageById(t.db, sent.id))?.readAt).not.toBeNull()
    expect((await list(admin.cookie)).body.unread).toBe(unreadBefore - 1)
    // Opening it again changes nothing.
    const again = await open(admin.cookie, sent.id)
    expect(again.body.readAt).toBe(response.body.readAt)
  })

  // The sender opening their own message must not mark it read for the recipient.
  it('returns the message unchanged when its sender opens it', async () => {
    await theAdmin(t)
    const vendor = await registeredVendor(t)
    const sent = (await send(vendor.cookie, { content: 'Own message' })).body
    const response = await open(vendor.cookie, sent.id)
    expect(response.status).toBe(200)
    expect(response.body.readAt).toBeNull()
    expect((await messageById(t.db, sent.id))?.readAt).toBeNull()
  })

  // Ids must not leak: another vendor's message is "not found", and stays unread.
  it("vendor B cannot open vendor A's message (404, unchanged); vendor A still can", async () => {
    const admin = await theAdmin(t)
    const a = await registeredVendor(t)
    const b = await registeredVendor(t)
    const sent = (await send(a.cookie, { content: 'Question' })).body
    const answer = (await reply(admin.cookie, sent.id, 'Answer for A')).body
    expectError(await open(b.cookie, answer.id), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'errors.notFound',
    })
    expect((await messageById(t.db, answer.id))?.readAt).toBeNull()
    const byA = await open(a.cookie, answer.id)
    expect(byA.status).toBe(200)
    expect(byA.body.readAt).not.toBeNull()
  })

  it('answers 404 for an unknown or malformed id', async () => {
    const vendor = await registeredVendor(t)
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expectError(await open(vendor.cookie, id), {
        status: 404,
        code: 'NOT_FOUND',
        messageKey: 'errors.notFound',
      })
    }
  })
})

describe('POST /api/admin/messages/:id/reply', () => {
  // A vendor hears from the admin team: an admin's sign-in e-mail and name stay with the admins.
  it("shows the vendor the team, never the replying admin's e-mail or name; admins still see who replied", async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const sent = (await send(vendor.cookie, { content: 'Who approves shops?' })).body
    const answer = (await reply(admin.cookie, sent.id, 'The operations team does.')).body
    const seen = [await list(vendor.cookie), await open(vendor.cookie, answer.id)]
    for (const response of seen) {
      expect(response.status, response.text).toBe(200)
      expect(response.text).not.toContain(admin.user.email)
      expect(response.text).not.toContain(admin.user.id)
    }
    expect(seen[1]!.body).toMatchObject({ id: answer.id, sender: null, isOwn: false })
    expect(
      (await list(admin.cookie)).body.items.find((m: { id: string }) => m.id === answer.id),
    ).toMatchObject({
      sender: { id: admin.user.id, email: admin.user.email, role: 'admin' },
    })
  })

  // Second specification §7: the reply goes to the sender, subject 'Re: Admin Response', type support.
  it("reaches the vendor's list as an unread support message, and the vendor can mark it read", async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const sent = (await send(vendor.cookie, { content: 'Where is my payout?' })).body
    const response = await reply(admin.cookie, sent.id, '  It was approved today.  ')
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({
      subject: 'Re: Admin Response',
      content: 'It was approved today.',
      type: 'support',
      replyToId: sent.id,
      isOwn: true,
      sender: { id: admin.user.id, role: 'admin' },
      recipient: { id: vendor.user.id, role: 'vendor' },
    })
    const row = await messageById(t.db, response.body.id)
    expect(row).toMatchObject({ senderId: admin.user.id, receiverId: vendor.user.id, replyToId: sent.id })
    const vendorView = await list(vendor.cookie)
    expect(vendorView.body.unread).toBe(1)
    expect(vendorView.body.items[0]).toMatchObject({ id: response.body.id, isOwn: false, readAt: null })
    await open(vendor.cookie, response.body.id)
    expect((await list(vendor.cookie)).body.unread).toBe(0)
  })

  it('refuses empty content with messages.contentRequired and an unknown message with 404, writing nothing', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const sent = (await send(vendor.cookie, { content: 'Hi' })).body
    const before = await rowCount(t.db, messages)
    expectError(await reply(admin.cookie, sent.id, '  '), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'messages.contentRequired',
    })
    expectError(await reply(admin.cookie, '00000000-0000-4000-8000-000000000000', 'x'), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'errors.notFound',
    })
    expect(await rowCount(t.db, messages)).toBe(before)
  })

  // Only the admin team answers support messages.
  it('refuses vendors, writing nothing', async () => {
    await theAdmin(t)
    const vendor = await registeredVendor(t)
    const sent = (await send(vendor.cookie, { content: 'Hi' })).body
    const before = await rowCount(t.db, messages)
    expectError(await reply(vendor.cookie, sent.id, 'self answer'), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expect(await rowCount(t.db, messages)).toBe(before)
    const rows = await t.db.select().from(messages).where(eq(messages.replyToId, sent.id))
    expect(rows).toEqual([])
  })
})
