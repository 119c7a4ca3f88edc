import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { languageHeader } from '../../src/shared/constants'
import { auditLogs, messages, users, vendors } from '../../src/server/db/schema'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor } from '../fixtures/factories'
import {
  insertPayout,
  messageById,
  registeredVendor,
  rowCount,
  theAdmin,
  type RegisteredVendor,
} from '../fixtures/money'
import { createTestApp } from '../fixtures/test-app'

/**
 * Messages as conversations: a reply records the message it answers, either side reads the whole conversation,
 * vendors reply to the team in it, the team's first reply marks the vendor's messages answered, and the menu
 * counts what waits for each reader.
 */
let t: Awaited<ReturnType<typeof createTestApp>>
let admin: Awaited<ReturnType<typeof theAdmin>>
let colleague: Awaited<ReturnType<typeof confirmedVendor>>
let a: RegisteredVendor
let b: RegisteredVendor

beforeAll(async () => {
  t = await createTestApp()
  admin = await theAdmin(t)
  // Another admin: a confirmed account given the admin role (self-registration only makes vendors).
  colleague = await confirmedVendor(t)
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, colleague.user.id))
  a = await registeredVendor(t)
  b = await registeredVendor(t)
})
afterAll(async () => {
  await t?.close()
})

type Item = {
  id: string
  subject: string
  type: string
  replyToId: string | null
  sender: { id: string } | null
  answeredAt: string | null
  answeredBy: { id: string; fullName: string } | null
}

const send = async (cookie: string, content: string, subject = '', type = 'general') => {
  const response = await t.post('/api/messages', { type, subject, content }, { cookie })
  expect(response.status, response.text).toBe(201)
  return response.body as Item
}
const adminReply = async (cookie: string, id: string, content: string) => {
  const response = await t.post(`/api/admin/messages/${id}/reply`, { content }, { cookie })
  expect(response.status, response.text).toBe(201)
  return response.body as Item
}
const vendorReply = (cookie: string, id: string, content: string) =>
  t.post(`/api/messages/${id}/reply`, { content }, { cookie })
const thread = (cookie: string, id: string) => t.get(`/api/messages/${id}/thread`, { cookie })
const threadIds = async (cookie: string, id: string) => {
  const response = await thread(cookie, id)
  expect(response.status, response.text).toBe(200)
  return (response.body.items as Item[]).map((item) => item.id)
}
const counts = async (cookie: string) => {
  const response = await t.get('/api/menu-counts', { cookie })
  expect(response.status, response.text).toBe(200)
  return response.body as { messages: number; vendors?: number; payouts?: number }
}
const open = (cookie: string, id: string) => t.post(`/api/messages/${id}/read`, undefined, { cookie })
const replyAudits = async (replyIds: string[]) =>
  (await t.db.select().from(auditLogs).where(eq(auditLogs.targetTable, 'messages'))).filter((entry) =>
    replyIds.includes(entry.targetId ?? ''),
  )

describe('a conversation', () => {
  // A reply belongs to the message it answers, and each side reads the whole exchange in order.
  it('is shown whole, oldest first, from any of its messages, to the vendor and to the admins', async () => {
    const question = await send(a.cookie, 'My order #88 has not arrived.', 'Late order', 'order')
    const answer = await adminReply(admin.cookie, question.id, 'It leaves Kigali today.')
    const followUp = await vendorReply(a.cookie, answer.id, 'Thank you, which courier?')
    expect(followUp.status, followUp.text).toBe(201)
    // To the team, answering the team's reply, of the conversation's type and subject.
    expect(followUp.body).toMatchObject({
      subject: 'Re: Late order',
      type: 'order',
      replyToId: answer.id,
      recipient: null,
      isOwn: true,
    })
    expect(await messageById(t.db, followUp.body.id)).toMatchObject({
      senderId: a.user.id,
      receiverId: null,
      replyToId: answer.id,
    })
    const last = await adminReply(colleague.cookie, followUp.body.id, 'Moto Express.')
    const other = await send(a.cookie, 'A separate question', 'Plans')
    const whole = [question.id, answer.id, followUp.body.id, last.id]
    for (const id of whole) {
      expect(await threadIds(a.cookie, id), id).toEqual(whole)
      expect(await threadIds(admin.cookie, id), id).toEqual(whole)
    }
    expect(await threadIds(a.cookie, other.id)).toEqual([other.id])
    // The vendor reads the team, never which admin wrote.
    const seen = await thread(a.cookie, last.id)
    expect(seen.body.hasEarlier).toBe(false)
    expect(seen.text).not.toContain(colleague.user.id)
    expect(seen.body.items.map((item: Item) => item.sender?.id ?? null)).toEqual([
      a.user.id,
      null,
      a.user.id,
      null,
    ])
  })

  // Ids must not leak: another shop's conversation is not found, and nothing can be added to it.
  it("vendor B cannot read or reply in vendor A's conversation (404, nothing written); vendor A still can", async () => {
    const question = await send(a.cookie, 'Can I change my shop name?')
    const answer = await adminReply(admin.cookie, question.id, 'Yes, from your profile.')
    const before = await rowCount(t.db, messages)
    for (const id of [question.id, answer.id]) {
      expectError(await thread(b.cookie, id), {
        status: 404,
        code: 'NOT_FOUND',
        messageKey: 'errors.notFound',
      })
      expectError(await vendorReply(b.cookie, id, 'Let me in'), {
        status: 404,
        code: 'NOT_FOUND',
        messageKey: 'errors.notFound',
      })
    }
    expect(await rowCount(t.db, messages)).toBe(before)
    expect(await threadIds(a.cookie, answer.id)).toEqual([question.id, answer.id])
    const byA = await vendorReply(a.cookie, answer.id, 'Thanks!')
    expect(byA.status, byA.text).toBe(201)
    expect(await rowCount(t.db, messages)).toBe(before + 1)
  })

  it('refuses an empty vendor reply, an unknown id, and admins on the vendor reply, writing nothing', async () => {
    const question = await send(a.cookie, 'Hello')
    const before = await rowCount(t.db, messages)
    expectError(await vendorReply(a.cookie, question.id, '  '), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'messages.contentRequired',
    })
    expectError(await vendorReply(a.cookie, '00000000-0000-4000-8000-000000000000', 'x'), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'errors.notFound',
    })
    expectError(await vendorReply(admin.cookie, question.id, 'x'), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expectError(await thread(a.cookie, 'nope'), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'errors.notFound',
    })
    expect(await rowCount(t.db, messages)).toBe(before)
  })
})

describe('answered by', () => {
  // Two admins must see that a vendor was answered, and by whom, so they do not both answer.
  it('is set by the first admin to reply only, and shown to admins, not to the vendor', async () => {
    const question = await send(a.cookie, 'When are payouts made?')
    expect((await messageById(t.db, question.id))?.answeredAt).toBeNull()
    const first = await adminReply(admin.cookie, question.id, 'Every weekday.')
    const row = await messageById(t.db, question.id)
    expect(row).toMatchObject({ answeredBy: admin.user.id })
    expect(row?.answeredAt).not.toBeNull()
    const second = await adminReply(colleague.cookie, question.id, 'Mondays to Fridays.')
    expect(await messageById(t.db, question.id)).toMatchObject({
      answeredBy: admin.user.id,
      answeredAt: row!.answeredAt,
    })
    // The second admin opening it reads who answered, and the reply.
    const seen = (await thread(colleague.cookie, question.id)).body.items as Item[]
    expect(seen.map((item) => item.id)).toEqual([question.id, first.id, second.id])
    expect(seen[0]).toMatchObject({ answeredBy: { id: admin.user.id, fullName: admin.input.fullName } })
    expect(seen[0]!.answeredAt).not.toBeNull()
    const listed = (await t.get('/api/messages', { cookie: colleague.cookie })).body.items as Item[]
    expect(listed.find((item) => item.id === question.id)?.answeredBy?.id).toBe(admin.user.id)
    const vendorSees = (await thread(a.cookie, question.id)).body.items as Item[]
    expect(vendorSees[0]).toMatchObject({ answeredBy: null, answeredAt: null })
    // Each reply is audited; only the first one answered the vendor's message.
    const audits = await replyAudits([first.id, second.id])
    expect(audits.find((entry) => entry.targetId === first.id)?.details).toMatchObject({
      answered_message_ids: [question.id],
    })
    expect(audits.find((entry) => entry.targetId === second.id)?.details).toMatchObject({
      answered_message_ids: [],
    })
  })

  // Two admins replying at the same moment: both replies stand, one admin is named, and only that reply says so.
  it('names one admin when two reply at once, and keeps both replies', async () => {
    const question = await send(a.cookie, 'Is anyone there?')
    const [one, two] = await Promise.all([
      adminReply(admin.cookie, question.id, 'Yes, here.'),
      adminReply(colleague.cookie, question.id, 'Hello!'),
    ])
    const answeredBy = (await messageById(t.db, question.id))?.answeredBy
    expect([admin.user.id, colleague.user.id]).toContain(answeredBy)
    const claiming = (await replyAudits([one.id, two.id])).filter((entry) =>
      ((entry.details as { answered_message_ids: string[] }).answered_message_ids ?? []).includes(
        question.id,
      ),
    )
    expect(claiming).toHaveLength(1)
    expect(claiming[0]?.adminId).toBe(answeredBy)
    expect(await threadIds(a.cookie, question.id)).toHaveLength(3)
  })

  // A reply answers what was there when it was written: a follow-up sent meanwhile still waits.
  it("leaves a vendor's later message in the conversation unanswered until it is replied to", async () => {
    const question = await send(a.cookie, 'Two questions.')
    const more = await vendorReply(a.cookie, question.id, 'And a third one.')
    expect(more.status, more.text).toBe(201)
    await adminReply(admin.cookie, question.id, 'First answer.')
    expect((await messageById(t.db, question.id))?.answeredBy).toBe(admin.user.id)
    expect((await messageById(t.db, more.body.id))?.answeredAt).toBeNull()
    await adminReply(colleague.cookie, more.body.id, 'Third answer.')
    expect((await messageById(t.db, more.body.id))?.answeredBy).toBe(colleague.user.id)
    expect((await messageById(t.db, question.id))?.answeredBy).toBe(admin.user.id)
  })
})

describe('reply subjects', () => {
  // The server writes the reply's subject: in the vendor's language (the one they last used, as their mail).
  it("are written in the vendor's language", async () => {
    const rw = b
    // The screens send their language on every call; the server keeps it as the vendor's.
    const seen = await t.get('/api/messages', { cookie: rw.cookie, headers: { [languageHeader]: 'rw' } })
    expect(seen.status).toBe(200)
    const question = await send(rw.cookie, 'Ibicuruzwa byanjye ntibigaragara', 'Ibicuruzwa')
    const answer = await adminReply(admin.cookie, question.id, 'Turabireba.')
    expect(answer.subject).toBe("Igisubizo cy'itsinda rya Isoko")
    const followUp = await vendorReply(rw.cookie, answer.id, 'Murakoze.')
    expect(followUp.body.subject).toBe('Igisubizo: Ibicuruzwa')
    // A reply to a reply adds no second prefix.
    const again = await vendorReply(rw.cookie, followUp.body.id, 'Ndacyategereje.')
    expect(again.body.subject).toBe('Igisubizo: Ibicuruzwa')
    // An English-speaking vendor's stay in English.
    const enQuestion = await send(a.cookie, 'Hello', 'Stock')
    expect((await adminReply(admin.cookie, enQuestion.id, 'Hi')).subject).toBe('Re: Admin Response')
    expect((await vendorReply(a.cookie, enQuestion.id, 'More')).body.subject).toBe('Re: Stock')
  })
})

describe('GET /api/menu-counts', () => {
  // The menu shows each reader only what waits for them: a vendor's own unread messages, nothing of other shops.
  it("counts a vendor's own unread messages only; vendor B's count does not move with A's", async () => {
    const before = { a: await counts(a.cookie), b: await counts(b.cookie) }
    expect(Object.keys(before.a)).toEqual(['messages'])
    const question = await send(a.cookie, 'Count me')
    expect(await counts(a.cookie)).toEqual(before.a)
    const answer = await adminReply(admin.cookie, question.id, 'Counted.')
    expect(await counts(a.cookie)).toEqual({ messages: before.a.messages + 1 })
    expect(await counts(b.cookie)).toEqual(before.b)
    await open(a.cookie, answer.id)
    expect(await counts(a.cookie)).toEqual(before.a)
  })

  it("counts for admins the team's unread messages, shops awaiting review and pending payouts", async () => {
    const before = await counts(admin.cookie)
    // The shops registered here are all awaiting review.
    expect(before.vendors).toBe(await rowCount(t.db, vendors))
    await insertPayout(t.db, b.vendorId, { amount: 5_000 })
    const question = await send(b.cookie, 'Please review my shop')
    expect(await counts(admin.cookie)).toEqual({
      ...before,
      messages: before.messages + 1,
      payouts: before.payouts! + 1,
    })
    await t.db.update(vendors).set({ status: 'approved' }).where(eq(vendors.id, b.vendorId))
    expect((await counts(admin.cookie)).vendors).toBe(before.vendors! - 1)
    // Opened by a colleague, it is read for the whole team.
    await open(colleague.cookie, question.id)
    expect((await counts(admin.cookie)).messages).toBe(before.messages)
  })

  it('refuses visitors', async () => {
    expectError(await t.get('/api/menu-counts'), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
  })
})
