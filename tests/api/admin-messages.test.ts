import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, messages, users } from '../../src/server/db/schema'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor } from '../fixtures/factories'
import { messageById, registeredVendor, rowCount, theAdmin } from '../fixtures/money'
import { createTestApp } from '../fixtures/test-app'

/**
 * What the admin messages screen relies on beyond tests/api/messages.test.ts: every vendor's messages with the
 * team's unread count, search by sender as well as by text, the 'New' marker (isUnread) as each reader sees
 * it, and replies that always reach a vendor.
 */
let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

type Item = { id: string; isUnread: boolean; readAt: string | null }
type ListBody = { items: Item[]; total: number; unread: number }

const send = (cookie: string, content: string, subject = '') =>
  t.post('/api/messages', { type: 'general', subject, content }, { cookie })
const list = async (cookie: string, query = '') => {
  const response = await t.get(`/api/messages${query}`, { cookie })
  expect(response.status, response.text).toBe(200)
  return response.body as ListBody
}
const search = (cookie: string, q: string) => list(cookie, `?q=${encodeURIComponent(q)}`)
const open = (cookie: string, id: string) => t.post(`/api/messages/${id}/read`, undefined, { cookie })
const reply = (cookie: string, id: string, content: string) =>
  t.post(`/api/admin/messages/${id}/reply`, { content }, { cookie })
const ids = (body: ListBody) => body.items.map((item) => item.id)
const itemIn = (body: ListBody, id: string) => body.items.find((item) => item.id === id)

/** A vendor's message to the team, sent now; returns its id. */
async function sent(cookie: string, content: string, subject = '') {
  const response = await send(cookie, content, subject)
  expect(response.status, response.text).toBe(201)
  return response.body.id as string
}

/** Another admin: a confirmed account given the admin role (self-registration only makes vendors). */
async function secondAdmin() {
  const who = await confirmedVendor(t)
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, who.user.id))
  return who
}

describe('GET /api/messages as an admin', () => {
  // Admin §6: admins read all messages; the unread count is the team's inbox, whatever the page shows.
  it("lists every vendor's messages, marks the team's unread ones New and counts them", async () => {
    const admin = await theAdmin(t)
    const a = await registeredVendor(t)
    const b = await registeredVendor(t)
    const before = await list(admin.cookie)
    const fromA = await sent(a.cookie, 'Hello from shop A')
    const fromB = await sent(b.cookie, 'Hello from shop B')
    const after = await list(admin.cookie)
    expect(ids(after).slice(0, 2)).toEqual([fromB, fromA])
    expect(after.total).toBe(before.total + 2)
    expect(after.unread).toBe(before.unread + 2)
    expect(itemIn(after, fromA)?.isUnread).toBe(true)
    expect(itemIn(after, fromB)?.isUnread).toBe(true)
    // The unread count is the whole inbox, not the page: one row a page still counts both.
    const firstPage = await list(admin.cookie, '?pageSize=1')
    expect(firstPage.items).toHaveLength(1)
    expect(firstPage.unread).toBe(after.unread)
  })

  // A reply goes to a vendor: it is unread for that vendor, never New or counted for the admins.
  it("counts an admin's reply as unread for its vendor only", async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const question = await sent(vendor.cookie, 'Can I sell baskets?')
    await open(admin.cookie, question)
    const unreadBefore = (await list(admin.cookie)).unread
    const answer = (await reply(admin.cookie, question, 'Yes, under Home & Living.')).body.id as string
    const adminView = await list(admin.cookie)
    expect(adminView.unread).toBe(unreadBefore)
    expect(itemIn(adminView, answer)).toMatchObject({ isUnread: false, readAt: null })
    const vendorView = await list(vendor.cookie)
    expect(itemIn(vendorView, answer)?.isUnread).toBe(true)
    // The vendor's own message, unread by nobody they can see, is never New for them.
    expect(itemIn(vendorView, question)?.isUnread).toBe(false)
  })
})

describe('POST /api/messages/:id/read by the admin team', () => {
  // README: deliberate divergences: a vendor writes to the team, so one admin opening it answers for all.
  it("reads a message to the team for every admin: the other admin's New and count go too", async () => {
    const admin = await theAdmin(t)
    const colleague = await secondAdmin()
    const vendor = await registeredVendor(t)
    const id = await sent(vendor.cookie, 'Is anyone there?')
    const colleagueBefore = await list(colleague.cookie)
    expect(itemIn(colleagueBefore, id)?.isUnread).toBe(true)
    const opened = await open(admin.cookie, id)
    expect(opened.status, opened.text).toBe(200)
    expect(opened.body).toMatchObject({ id, isUnread: false })
    const colleagueAfter = await list(colleague.cookie)
    expect(itemIn(colleagueAfter, id)).toMatchObject({ isUnread: false, readAt: opened.body.readAt })
    expect(colleagueAfter.unread).toBe(colleagueBefore.unread - 1)
  })
})

describe('GET /api/messages?q= (search)', () => {
  // Admin §2: the team finds a conversation by who wrote it as well as by what it says.
  it("finds a vendor's messages by the sender's e-mail and name, the subject and the content", async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const other = await registeredVendor(t)
    const id = await sent(vendor.cookie, 'The imigongo frames arrived broken', 'Damaged delivery')
    const otherId = await sent(other.cookie, 'A question about plans')
    for (const q of [vendor.email.toUpperCase(), vendor.input.fullName, 'damaged deliv', 'IMIGONGO']) {
      const found = await search(admin.cookie, q)
      expect(ids(found), q).toContain(id)
      expect(ids(found), q).not.toContain(otherId)
    }
    const byEmail = await search(admin.cookie, vendor.email)
    expect(byEmail.total).toBe(byEmail.items.length)
  })

  // A vendor sees the team, never which admin replied: searching an admin's name must not single out their replies.
  it("vendor cannot find the team's reply by the replying admin's name; the admins still can", async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const question = await sent(vendor.cookie, 'When are payouts made?')
    const answer = (await reply(admin.cookie, question, 'Every weekday.')).body.id as string
    expect(ids(await search(vendor.cookie, admin.input.fullName))).not.toContain(answer)
    expect(ids(await search(vendor.cookie, admin.email))).not.toContain(answer)
    expect(ids(await search(vendor.cookie, 'weekday'))).toContain(answer)
    expect(ids(await search(admin.cookie, admin.input.fullName))).toContain(answer)
  })

  // Search stays inside the reader's scope (admin §6): the exact words of another shop's message find nothing.
  it("vendor B cannot find vendor A's message by its words or A's e-mail; vendor A still can", async () => {
    await theAdmin(t)
    const a = await registeredVendor(t)
    const b = await registeredVendor(t)
    const id = await sent(a.cookie, 'Secret supplier price list for Nyabugogo')
    for (const q of ['Nyabugogo', a.email]) {
      expect((await search(b.cookie, q)).total, q).toBe(0)
    }
    expect(ids(await search(a.cookie, 'Nyabugogo'))).toEqual([id])
  })
})

describe('POST /api/admin/messages/:id/reply', () => {
  // Admin §7 Support reply goes to the vendor: answering a colleague's reply must not send it to the colleague.
  it("answering a colleague's reply reaches the vendor, not the colleague", async () => {
    const admin = await theAdmin(t)
    const colleague = await secondAdmin()
    const vendor = await registeredVendor(t)
    const question = await sent(vendor.cookie, 'My payout is late')
    const first = (await reply(admin.cookie, question, 'We are checking.')).body.id as string
    const response = await reply(colleague.cookie, first, 'It was sent this morning.')
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({
      subject: 'Re: Admin Response',
      type: 'support',
      replyToId: first,
      recipient: { id: vendor.user.id, role: 'vendor' },
    })
    expect(await messageById(t.db, response.body.id)).toMatchObject({
      senderId: colleague.user.id,
      receiverId: vendor.user.id,
    })
    expect(itemIn(await list(vendor.cookie), response.body.id)?.isUnread).toBe(true)
  })

  it('puts each support reply on the audit trail: who answered whom, from which request', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const question = await sent(vendor.cookie, 'Where is my order?')
    const response = await reply(admin.cookie, question, 'On its way.')
    expect(response.status, response.text).toBe(201)
    const [entry] = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, response.body.id))
    expect(entry).toMatchObject({
      adminId: admin.user.id,
      action: 'create',
      targetTable: 'messages',
      newValues: {
        subject: 'Re: Admin Response',
        type: 'support',
        receiver_id: vendor.user.id,
        reply_to_id: question,
      },
      details: { recipient_email: vendor.email },
    })
    expect(entry?.ipAddress).toBeTruthy()
  })

  // Signed-out visitors read and write nothing (the routes' guard answers before anything else).
  it('refuses visitors (401) on the list, opening and replying, changing nothing', async () => {
    const admin = await theAdmin(t)
    const vendor = await registeredVendor(t)
    const id = await sent(vendor.cookie, 'Hello team')
    const before = await rowCount(t.db, messages)
    const unauthenticated = {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    } as const
    expectError(await t.get('/api/messages'), unauthenticated)
    expectError(await t.post(`/api/messages/${id}/read`, undefined), unauthenticated)
    expectError(await t.post(`/api/admin/messages/${id}/reply`, { content: 'Hi' }), {
      ...unauthenticated,
      messageKey: 'errors.mustBeLoggedIn',
    })
    expect(await rowCount(t.db, messages)).toBe(before)
    expect((await messageById(t.db, id))?.readAt).toBeNull()
    // The same calls with the admin's session do work.
    expect((await reply(admin.cookie, id, 'Hi')).status).toBe(201)
  })

  // Only the team answers: vendor B may not reply to vendor A's thread, not even to see whether it exists.
  it("vendor B cannot reply to vendor A's message (403, nothing written); the admin still can", async () => {
    const admin = await theAdmin(t)
    const a = await registeredVendor(t)
    const b = await registeredVendor(t)
    const id = await sent(a.cookie, 'Question from A')
    const before = await rowCount(t.db, messages)
    expectError(await reply(b.cookie, id, 'Answer from B'), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expect(await rowCount(t.db, messages)).toBe(before)
    expect(ids(await list(a.cookie))).toEqual([id])
    const byAdmin = await reply(admin.cookie, id, 'Answer from the team')
    expect(byAdmin.status, byAdmin.text).toBe(201)
    expect(ids(await list(a.cookie))).toEqual([byAdmin.body.id, id])
  })
})
