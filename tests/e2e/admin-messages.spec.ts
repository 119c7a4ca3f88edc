import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { request as playwrightRequest, type Page } from '@playwright/test'
import { vendorReplySubject } from '../../src/shared/schemas/message'
import { parseCsv } from '../fixtures/read-files'
import { RESULTS_DIR } from './paths'
import {
  adminCredentials,
  anyCount,
  button,
  chooseLanguageBeforehand,
  createVendorWithShop,
  exactly,
  expect,
  expectFieldError,
  field,
  listed,
  menuLink,
  openAdminArea,
  openFromMenu,
  screenshot,
  serverOrigin,
  signIn,
  statusSaying,
  t,
  test,
  testLanguages,
  type Language,
} from './support'

/**
 * The admin team's unread count is one figure for the whole server, and the scenarios of this file run side by
 * side (two workers, two languages, two widths): each one's send-and-open step waits for the others', so the
 * count it reads moves only by its own message.
 */
async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(RESULTS_DIR, 'admin-messages.lock')
  const deadline = Date.now() + 100_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      // A lock left by a run that was stopped mid-step is not waited for.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
      if (age > 120_000) rmSync(lock, { recursive: true, force: true })
      if (Date.now() > deadline) throw new Error(`${lock} was held for too long`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  try {
    return await work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** The unread count the admin's screen shows in its header: 'All read' is 0. */
async function unreadShown(page: Page, lang: Language): Promise<number> {
  // In the screen: the menu's entry says the same number in its own words.
  const main = page.getByRole('main')
  const badge = main
    .getByText(anyCount(lang, 'admin.messages.unread'))
    .or(main.getByText(t(lang, 'admin.messages.allRead'), { exact: true }))
  await expect(badge).toBeVisible()
  const text = (await badge.textContent()) ?? ''
  return Number(text.match(/\d+/)?.[0] ?? 0)
}

const expectUnread = async (page: Page, lang: Language, count: number) => {
  const main = page.getByRole('main')
  await expect(
    count === 0
      ? main.getByText(t(lang, 'admin.messages.allRead'), { exact: true })
      : main.getByText(t(lang, 'admin.messages.unread', { count }), { exact: true }),
  ).toBeVisible()
  // The menu says the same to a screen reader: 'Messages, 3 unread'.
  await expect(menuLink(page, lang, 'nav.messages')).toHaveAccessibleName(
    count === 0
      ? t(lang, 'nav.messages')
      : `${t(lang, 'nav.messages')}, ${t(lang, 'nav.counts.messages', { count })}`,
  )
}

/**
 * No serious or critical accessibility problem in what the screen shows at `scope` (its main content, or an
 * open dialog). The area's layout around it is accessibility.spec.ts's subject.
 */
async function expectAccessible(page: Page, scope: string) {
  const { violations } = await new AxeBuilder({ page })
    .include(scope)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(blocking, blocking.join('\n')).toEqual([])
}

for (const lang of testLanguages) {
  test(`a vendor's message reaches the admin live, is read and answered, and the reply reaches the vendor live (${lang})`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000)
    const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`
    const vendorApi = await playwrightRequest.newContext({ baseURL: serverOrigin() })
    const vendor = await createVendorWithShop(vendorApi, { fullName: `Aline Uwase ${suffix}` })
    await vendorApi.dispose()

    // The vendor, in a browser of their own, on their messages screen.
    const vendorContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
    const vendorPage = await vendorContext.newPage()
    await chooseLanguageBeforehand(vendorPage, lang)
    await signIn(vendorPage, lang, vendor)
    await expect(vendorPage).toHaveURL(/\/vendor\/?$/)
    await expect(vendorPage.getByRole('heading', { level: 1 })).toBeVisible()
    await openFromMenu(vendorPage, lang, 'nav.messages')
    await expect(vendorPage).toHaveURL(/\/vendor\/messages$/)
    // Whatever the vendor sees next must arrive in this very document: no reload, no navigation.
    await vendorPage.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true))

    // The admin, on the messages screen, opened from the menu.
    await chooseLanguageBeforehand(page, lang)
    await openAdminArea(page)
    await openFromMenu(page, lang, 'nav.messages')
    await expect(page).toHaveURL(/\/admin\/messages$/)
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'admin.messages.title') })).toBeVisible()
    await expect(page.getByText(anyCount(lang, 'admin.messages.total'))).toBeVisible()

    const subject = `Stock question ${suffix}`
    const content = `Muraho! Can I list imigongo paintings in several sizes? (${suffix})`
    const replyText = `Yes: add one variant for each size, each with its own SKU (${suffix}).`
    const followUp = `Thank you! Can one variant have two colours? (${suffix})`
    const adminName = adminCredentials().fullName
    const row = listed(page, subject)

    await oneAtATime(async () => {
      const before = await unreadShown(page, lang)

      // The vendor writes to the team.
      await vendorPage.getByRole('link', { name: exactly(t(lang, 'vendor.messages.newMessage')) }).click()
      const compose = vendorPage.getByRole('form', { name: t(lang, 'vendor.messages.compose.title') })
      await field(compose, lang, 'vendor.messages.compose.type').selectOption('support')
      await field(compose, lang, 'vendor.messages.compose.subject').fill(subject)
      await field(compose, lang, 'vendor.messages.compose.content').fill(content)
      await button(compose, lang, 'vendor.messages.compose.send').click()
      await expect(statusSaying(vendorPage, t(lang, 'vendor.messages.sendSuccess'))).toBeVisible()

      // It appears on the admin's open screen without a reload: New, from a vendor, and counted.
      await expect(row).toHaveCount(1)
      await expect(row).toContainText(t(lang, 'admin.messages.new'))
      await expect(row).toContainText(t(lang, 'admin.messages.roles.vendor'))
      await expect(row).toContainText(vendor.fullName)
      await expect(row).toContainText(vendor.email)
      await expectUnread(page, lang, before + 1)
      await screenshot(page, testInfo, lang, 'admin-messages')
      await expectAccessible(page, 'main')

      // Opening it shows the whole conversation and reads it for the team: New goes, the count falls.
      await row
        .getByRole('button', {
          name: t(lang, 'admin.messages.openLabel', { sender: vendor.fullName, subject }),
        })
        .click()
      const details = page.getByRole('dialog', { name: subject })
      await expect(details).toBeVisible()
      await expect(details).toContainText(content)
      await expect(details).toContainText(vendor.email)
      await expect(details).toContainText(t(lang, 'admin.messages.details.team'))
      await expect(details).toContainText(t(lang, 'messages.types.support'))
      await expect(details).toContainText(t(lang, 'admin.messages.notAnswered'))
      await expectUnread(page, lang, before)
      await expect(row).not.toContainText(t(lang, 'admin.messages.new'))
      await screenshot(page, testInfo, lang, 'admin-messages-details', { fullPage: false })
      await expectAccessible(page, '[role="dialog"]')
    })

    // The reply: an empty one is refused with the server's own words, then it is sent.
    const details = page.getByRole('dialog', { name: subject })
    const replyButton = button(details, lang, 'admin.messages.details.reply')
    await replyButton.click()
    const replyDialog = page.getByRole('dialog', {
      name: t(lang, 'admin.messages.replyDialog.title', { sender: vendor.fullName }),
    })
    await expect(replyDialog).toBeVisible()
    const replyField = field(replyDialog, lang, 'admin.messages.replyDialog.content')
    await expect(replyField).toBeFocused()
    await button(replyDialog, lang, 'admin.messages.replyDialog.send').click()
    await expectFieldError(replyField, t(lang, 'messages.contentRequired'))
    await replyField.fill(replyText)
    await screenshot(page, testInfo, lang, 'admin-messages-reply', { fullPage: false })
    await button(replyDialog, lang, 'admin.messages.replyDialog.send').click()
    await expect(replyDialog).toBeHidden()
    await expect(statusSaying(details, t(lang, 'admin.messages.details.replySent'))).toBeVisible()
    // The conversation in the open dialog shows the reply, and who answered the vendor, for every admin.
    const answeredBy = t(lang, 'admin.messages.answeredBy', { name: adminName })
    await expect(details.getByRole('listitem')).toHaveCount(2)
    await expect(details.getByRole('listitem').last()).toContainText(replyText)
    await expect(details.getByRole('listitem').first()).toContainText(answeredBy)
    await expect(row).toContainText(answeredBy)
    // Focus comes back to Reply, then (the details closed) to the message's Open button.
    await expect(replyButton).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(details).toBeHidden()
    await expect(row.getByRole('button')).toBeFocused()
    // The reply stands in the list, from an admin.
    const sentReply = listed(page, replyText)
    await expect(sentReply).toHaveCount(1)
    await expect(sentReply).toContainText(t(lang, 'admin.messages.roles.admin'))
    await expect(sentReply).not.toContainText(t(lang, 'admin.messages.new'))

    // A search by the vendor's e-mail finds their message and not the reply (sent by the team).
    await page
      .getByRole('searchbox', { name: exactly(t(lang, 'admin.messages.search.label')) })
      .fill(vendor.email)
    await expect(sentReply).toHaveCount(0)
    await expect(row).toHaveCount(1)
    await expect(page.getByText(t(lang, 'admin.messages.total', { count: 1 }), { exact: true })).toBeVisible()

    // The vendor's screen shows the reply without a reload: in the conversation they have open, beside the list
    // (on a phone, in place of it), from the team.
    const conversation = vendorPage
      .getByRole('region', { name: t(lang, 'vendor.messages.detailLabel') })
      .getByRole('list', { name: t(lang, 'messages.conversation.label') })
    await expect(conversation.getByRole('listitem')).toHaveCount(2)
    await expect(conversation.getByRole('listitem').last()).toContainText(replyText)
    await expect(conversation).toContainText(t(lang, 'vendor.messages.team'))
    await expect(conversation).not.toContainText(adminName)

    // The vendor answers in the conversation: an empty reply is refused with the server's own words.
    const replyForm = vendorPage.getByRole('form', { name: t(lang, 'vendor.messages.reply.title') })
    const vendorReplyField = field(replyForm, lang, 'vendor.messages.reply.label')
    await button(replyForm, lang, 'vendor.messages.reply.send').click()
    await expectFieldError(vendorReplyField, t(lang, 'messages.contentRequired'))
    await vendorReplyField.fill(followUp)
    const followUpSubject = vendorReplySubject(lang, subject)
    const followUpRow = listed(page, followUp)
    await oneAtATime(async () => {
      const before = await unreadShown(page, lang)
      await button(replyForm, lang, 'vendor.messages.reply.send').click()
      await expect(statusSaying(vendorPage, t(lang, 'vendor.messages.reply.sent'))).toBeVisible()
      await expect(conversation.getByRole('listitem')).toHaveCount(3)
      await expect(conversation.getByRole('listitem').last()).toContainText(followUp)

      // It reaches the team live, under the conversation's subject in the vendor's language, waiting for an answer.
      await expect(followUpRow).toHaveCount(1)
      await expect(followUpRow).toContainText(followUpSubject)
      await expect(followUpRow).toContainText(t(lang, 'admin.messages.notAnswered'))
      await expectUnread(page, lang, before + 1)
      // Opened, it shows the whole conversation, and is read for the team.
      await followUpRow
        .getByRole('button', {
          name: t(lang, 'admin.messages.openLabel', { sender: vendor.fullName, subject: followUpSubject }),
        })
        .click()
      const opened = page.getByRole('dialog', { name: subject })
      await expect(opened.getByRole('listitem')).toHaveCount(3)
      await expectUnread(page, lang, before)
      await page.keyboard.press('Escape')
      await expect(opened).toBeHidden()
    })
    await screenshot(vendorPage, testInfo, lang, 'vendor-messages-conversation')
    expect(await vendorPage.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(
      true,
    )
    await vendorContext.close()
    // (The follow-up's subject holds the first one's: the first message is found by its words.)
    await expect(listed(page, content)).toContainText(answeredBy)

    // The reply is on the audit trail, found by the vendor's e-mail, and in the exported log.
    await openFromMenu(page, lang, 'nav.auditLogs')
    await page
      .getByRole('searchbox', { name: exactly(t(lang, 'admin.auditLogs.search.label')) })
      .fill(vendor.email)
    const entry = listed(page, t(lang, 'admin.auditLogs.tables.messages'))
    await expect(entry).toHaveCount(1)
    await expect(entry).toContainText(t(lang, 'admin.auditLogs.actions.create'))
    const exportLogs = page.getByRole('link', { name: t(lang, 'admin.auditLogs.export') })
    await expect(exportLogs).toHaveAttribute('href', new RegExp(encodeURIComponent(vendor.email)))
    const [file] = await Promise.all([page.waitForEvent('download'), exportLogs.click()])
    const rows = parseCsv(readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, ''))
    const [table, action] = [
      t(lang, 'admin.auditLogs.tables.messages'),
      t(lang, 'admin.auditLogs.actions.create'),
    ]
    expect(rows.filter((cells) => cells[4] === table && cells[3] === action)).toHaveLength(1)
  })
}
