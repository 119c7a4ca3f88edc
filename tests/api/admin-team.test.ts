import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, auditLogs, mailOutbox, oneTimeTokens, users } from '../../src/server/db/schema'
import { languageHeader } from '../../src/shared/constants'
import { expectError } from '../fixtures/expect-error'
import {
  confirmedVendor,
  expireToken,
  findUserByEmail,
  mailsTo,
  setupTokenOf,
  signIn,
  tokenRow,
} from '../fixtures/factories'
import { registeredVendor, rowCount, theAdmin } from '../fixtures/money'
import { createTestApp, TEST_PUBLIC_URL } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const admin = () => theAdmin(t)
const PASSWORD = 'team-pass-1'
let counter = 0
const newAddress = () => `colleague-${++counter}-${randomUUID().slice(0, 8)}@example.rw`

const team = (cookie?: string) => t.get('/api/admin/team', cookie ? { cookie } : {})
const invite = (body: unknown, cookie?: string, headers?: Record<string, string>) =>
  t.post('/api/admin/team/invitations', body, {
    ...(cookie ? { cookie } : {}),
    ...(headers ? { headers } : {}),
  })
const withdraw = (id: string, cookie?: string) =>
  t.request('DELETE', `/api/admin/team/invitations/${id}`, cookie ? { cookie } : {})
const accept = (token: string, password = PASSWORD, confirmPassword = password) =>
  t.post('/api/setup/invitation', { token, password, confirmPassword })
const login = (email: string, password = PASSWORD) => t.post('/api/account/login', { email, password })

/** The token of the newest invitation mailed to `email`, from the outbox row's link. */
async function invitationToken(email: string) {
  const [mail] = await mailsTo(t.db, email)
  if (!mail?.link) throw new Error(`no invitation mailed to ${email}`)
  expect(mail.link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/setup/invitation#token=[A-Za-z0-9_-]{43}$`))
  return setupTokenOf(mail.link)
}

/** The file's admin invites a new colleague; returns the invited account and the mailed token. */
async function invited(email = newAddress()) {
  const response = await invite({ fullName: 'Aline Uwase', email }, (await admin()).cookie)
  expect(response.status, response.text).toBe(201)
  return { email, id: response.body.id as string, token: await invitationToken(email) }
}

/** An invited colleague who accepted and signed in. */
async function joined() {
  const invitation = await invited()
  expect((await accept(invitation.token)).status).toBe(200)
  return { ...invitation, cookie: await signIn(t, invitation.email, PASSWORD) }
}

/** Everything an invitation, a withdrawal or an acceptance writes. */
const writes = async () => ({
  users: await rowCount(t.db, users),
  accounts: await rowCount(t.db, accounts),
  tokens: await rowCount(t.db, oneTimeTokens),
  mails: await rowCount(t.db, mailOutbox),
  audits: await rowCount(t.db, auditLogs),
})

const credentialsOf = (userId: string) => t.db.select().from(accounts).where(eq(accounts.userId, userId))
const auditsOf = (userId: string) =>
  t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetTable, 'users'), eq(auditLogs.targetId, userId)))
    .orderBy(auditLogs.createdAt)

describe('who may manage the admin team', () => {
  // Whoever adds an admin hands out the keys to every shop's money: vendors must never reach these routes.
  it('refuses a vendor listing the team, inviting or withdrawing (403) and writes nothing', async () => {
    const vendor = await registeredVendor(t)
    const pending = await invited()
    const before = await writes()
    for (const response of [
      await team(vendor.cookie),
      await invite({ fullName: 'Intruder', email: newAddress() }, vendor.cookie),
      await withdraw(pending.id, vendor.cookie),
    ])
      expectError(response, { status: 403, code: 'FORBIDDEN', messageKey: 'errors.forbidden' })
    expect(await writes()).toEqual(before)
    expect(await findUserByEmail(t.db, pending.email)).toBeDefined()
  })

  it('refuses a signed-out visitor (401) and writes nothing', async () => {
    const pending = await invited()
    const before = await writes()
    expectError(await team(), { status: 401, code: 'UNAUTHENTICATED', messageKey: 'errors.unauthenticated' })
    for (const response of [
      await invite({ fullName: 'Intruder', email: newAddress() }),
      await withdraw(pending.id),
    ])
      expectError(response, { status: 401, code: 'UNAUTHENTICATED', messageKey: 'errors.mustBeLoggedIn' })
    expect(await writes()).toEqual(before)
  })

  it('lets an admin list the team, invite and withdraw', async () => {
    const { cookie } = await admin()
    const listed = await team(cookie)
    expect(listed.status, listed.text).toBe(200)
    const pending = await invited()
    expect((await withdraw(pending.id, cookie)).status).toBe(200)
  })
})

describe('GET /api/admin/team', () => {
  it('lists the admins, active and invited, and marks the reader', async () => {
    const me = await admin()
    const colleague = await joined()
    const pending = await invited()
    const response = await team(me.cookie)
    expect(response.status, response.text).toBe(200)
    const byId = new Map((response.body.items as Array<{ id: string }>).map((item) => [item.id, item]))
    expect(byId.get(me.user.id)).toMatchObject({ status: 'active', isYou: true, linkExpiresAt: null })
    expect(byId.get(colleague.id)).toMatchObject({ status: 'active', isYou: false, email: colleague.email })
    expect(byId.get(pending.id)).toMatchObject({
      status: 'invited',
      fullName: 'Aline Uwase',
      linkExpiresAt: expect.any(String),
    })
    // Vendors are not on the team.
    const vendor = await confirmedVendor(t)
    expect(byId.has(vendor.user.id)).toBe(false)
  })
})

describe('POST /api/admin/team/invitations', () => {
  it('makes an admin account that cannot sign in, mails a one-time link valid 7 days, and audits it', async () => {
    const { cookie, user } = await admin()
    const email = newAddress()
    const before = await writes()
    const response = await invite({ fullName: '  Aline Uwase ', email: email.toUpperCase() }, cookie)
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({ fullName: 'Aline Uwase', email, status: 'invited', isYou: false })
    const days = (Date.parse(response.body.linkExpiresAt) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)

    const row = (await findUserByEmail(t.db, email))!
    expect(row).toMatchObject({ role: 'admin', emailVerified: false, fullName: 'Aline Uwase' })
    expect(await credentialsOf(row.id)).toEqual([])
    const token = await invitationToken(email)
    expect(await tokenRow(t.db, token)).toMatchObject({
      purpose: 'admin_invite',
      userId: row.id,
      usedAt: null,
    })
    expect(await writes()).toEqual({
      ...before,
      users: before.users + 1,
      tokens: before.tokens + 1,
      mails: before.mails + 1,
      audits: before.audits + 1,
    })
    expect(await auditsOf(row.id)).toMatchObject([
      {
        adminId: user.id,
        action: 'create',
        newValues: { email, full_name: 'Aline Uwase', role: 'admin' },
      },
    ])
  })

  // An invitation that signs in before its link is followed would let anyone holding a guessed password in.
  it('leaves the invited account unable to sign in before it accepts', async () => {
    const { email } = await invited()
    const response = await login(email)
    expectError(response, {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'auth.login.invalidCredentials',
    })
    expect(response.cookie).toBe('')
  })

  it("writes the mail in the inviting admin's language", async () => {
    const { cookie } = await admin()
    const email = newAddress()
    const response = await invite({ fullName: 'Eric Mugisha', email }, cookie, { [languageHeader]: 'rw' })
    expect(response.status, response.text).toBe(201)
    const [mail] = await mailsTo(t.db, email)
    expect(mail!.subject).toBe("Watumiwe kwinjira mu itsinda ry'abayobozi ba Isoko")
    expect(mail!.text).toContain(mail!.link!)
    // Back to English for the rest of the file.
    await t.get('/api/admin/team', { cookie, headers: { [languageHeader]: 'en' } })
  })

  // A lost or late mail must not leave the colleague locked out: inviting again sends a new link, once.
  it('re-invites a pending invitee: a new link, the old one stops working, still one account', async () => {
    const first = await invited()
    const { cookie } = await admin()
    const again = await invite({ fullName: 'Aline Uwase-Mukamana', email: first.email.toUpperCase() }, cookie)
    expect(again.status, again.text).toBe(201)
    expect(again.body.id).toBe(first.id)
    const token = await invitationToken(first.email)
    expect(token).not.toBe(first.token)
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, first.email)),
    ).toHaveLength(1)

    expectError(await accept(first.token), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.teamLinkInvalid',
    })
    expect((await accept(token)).status).toBe(200)
    expect((await findUserByEmail(t.db, first.email))!.fullName).toBe('Aline Uwase-Mukamana')
    expect((await auditsOf(first.id)).map((row) => row.action)).toEqual(['create', 'update', 'update'])
  })

  // One person, one account: an address in use already belongs to someone.
  it('refuses an address used by a vendor or by an admin who joined (409) and writes nothing', async () => {
    const { cookie } = await admin()
    const vendor = await confirmedVendor(t)
    const colleague = await joined()
    const before = await writes()
    for (const email of [vendor.email.toUpperCase(), colleague.email, (await admin()).email])
      expectError(await invite({ fullName: 'Someone', email }, cookie), {
        status: 409,
        code: 'CONFLICT',
        messageKey: 'errors.teamEmailTaken',
      })
    expect(await writes()).toEqual(before)
    expect((await findUserByEmail(t.db, vendor.email))!.role).toBe('vendor')
  })

  it('refuses bad input (422) and writes nothing', async () => {
    const { cookie } = await admin()
    const before = await writes()
    expectError(await invite({ email: newAddress() }, cookie), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.required',
      fields: { fullName: 'errors.required' },
    })
    expectError(await invite({ fullName: 'Aline', email: 'not-an-address' }, cookie), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.emailInvalid',
      fields: { email: 'errors.emailInvalid' },
    })
    expect((await invite({ fullName: '   ', email: newAddress() }, cookie)).status).toBe(422)
    expect(await writes()).toEqual(before)
  })
})

describe('POST /api/setup/invitation', () => {
  // The point of a second admin: the adjustments one admin asks for above the threshold need another to approve.
  it('lets the invitee choose a password, sign in as an admin and approve another admin’s adjustment', async () => {
    const { email, id, token } = await invited()
    const response = await accept(token)
    expect(response.status, response.text).toBe(200)
    expect(response.body).toEqual({ email })
    expect(await findUserByEmail(t.db, email)).toMatchObject({ role: 'admin', emailVerified: true })
    expect(await credentialsOf(id)).toMatchObject([{ providerId: 'credential', accountId: id }])
    expect((await tokenRow(t.db, token))!.usedAt).not.toBeNull()
    expect((await auditsOf(id)).at(-1)).toMatchObject({
      adminId: id,
      action: 'update',
      newValues: { email_verified: true },
    })

    const cookie = await signIn(t, email, PASSWORD)
    const me = await t.get('/api/account/me', { cookie })
    expect(me.body.user).toMatchObject({ email, role: 'admin' })
    const listed = await team(cookie)
    expect(listed.body.items.find((item: { id: string }) => item.id === id)).toMatchObject({
      status: 'active',
      isYou: true,
    })

    const requester = await admin()
    const vendor = await registeredVendor(t)
    const asked = await t.post(
      `/api/admin/vendors/${vendor.vendorId}/adjustments`,
      { amount: 250_000, reason: 'Compensation for a lost parcel' },
      { cookie: requester.cookie },
    )
    expect(asked.status, asked.text).toBe(201)
    expect(asked.body.status).toBe('pending')
    expectError(
      await t.post(`/api/admin/adjustments/${asked.body.id}/approve`, {}, { cookie: requester.cookie }),
      {
        status: 403,
        code: 'FORBIDDEN',
        messageKey: 'adjustments.ownRequest',
      },
    )
    const approved = await t.post(`/api/admin/adjustments/${asked.body.id}/approve`, {}, { cookie })
    expect(approved.status, approved.text).toBe(200)
    expect(approved.body).toMatchObject({ status: 'posted', decidedBy: { id } })
  })

  it('works once: a second use is refused with 409 errors.teamLinkUsed', async () => {
    const { token, id } = await invited()
    expect((await accept(token)).status).toBe(200)
    const before = await writes()
    expectError(await accept(token, 'another-pass-2'), {
      status: 409,
      code: 'CONFLICT',
      messageKey: 'errors.teamLinkUsed',
    })
    expect(await writes()).toEqual(before)
    expect(await credentialsOf(id)).toHaveLength(1)
  })

  // A link lying in an old mailbox must not still open the door after a week.
  it('refuses an expired link with 422 errors.teamLinkExpired', async () => {
    const { token, id } = await invited()
    await expireToken(t.db, token)
    expectError(await accept(token), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.teamLinkExpired',
    })
    expect(await credentialsOf(id)).toEqual([])
  })

  it('refuses an unknown token, or one made for another purpose, with 422 errors.teamLinkInvalid', async () => {
    const before = await writes()
    expectError(await accept('z'.repeat(43)), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.teamLinkInvalid',
    })
    expect(await writes()).toEqual(before)
  })

  it('refuses differing passwords (422) and leaves the link usable', async () => {
    const { token, id } = await invited()
    expectError(await accept(token, PASSWORD, 'something-else'), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'auth.register.passwordMismatch',
      fields: { confirmPassword: 'auth.register.passwordMismatch' },
    })
    expect((await tokenRow(t.db, token))!.usedAt).toBeNull()
    expect(await credentialsOf(id)).toEqual([])
    expect((await accept(token)).status).toBe(200)
  })
})

describe('DELETE /api/admin/team/invitations/:id', () => {
  it('withdraws a pending invitation: the account goes, its link stops working, and it is audited', async () => {
    const { cookie, user } = await admin()
    const { id, email, token } = await invited()
    const response = await withdraw(id, cookie)
    expect(response.status, response.text).toBe(200)
    expect(await findUserByEmail(t.db, email)).toBeUndefined()
    expect(await tokenRow(t.db, token)).toBeUndefined()
    expectError(await accept(token), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.teamLinkInvalid',
    })
    expect((await auditsOf(id)).at(-1)).toMatchObject({
      adminId: user.id,
      action: 'delete',
      oldValues: { email, role: 'admin' },
    })
    // The address is free again.
    expect((await invite({ fullName: 'Aline Uwase', email }, cookie)).status).toBe(201)
  })

  // An admin who joined is a colleague, not an invitation: this route never removes one.
  it('refuses an admin who joined, the reader included (409), and changes nothing', async () => {
    const { cookie, user } = await admin()
    const colleague = await joined()
    const before = await writes()
    for (const id of [colleague.id, user.id])
      expectError(await withdraw(id, cookie), {
        status: 409,
        code: 'CONFLICT',
        messageKey: 'errors.teamNotPending',
      })
    expect(await writes()).toEqual(before)
    expect((await login(colleague.email)).status).toBe(200)
  })

  it('answers 404 for an unknown id, a malformed one, or a vendor’s account', async () => {
    const { cookie } = await admin()
    const vendor = await confirmedVendor(t)
    for (const id of [randomUUID(), 'not-a-uuid', vendor.user.id])
      expectError(await withdraw(id, cookie), {
        status: 404,
        code: 'NOT_FOUND',
        messageKey: 'errors.notFound',
      })
    expect(await findUserByEmail(t.db, vendor.email)).toBeDefined()
  })
})
