import { sql } from 'drizzle-orm'
import type { Language } from '../../shared/constants'
import type { Db, Tx } from '../db/client'
import { deliverOutbox, failureText } from '../db/outbox'
import { mailOutbox } from '../db/schema'
import { lazyModule } from '../lib/lazy'
import type { Logger } from '../lib/logger'

export type Mail = { to: string; subject: string; text: string; html?: string; link?: string }
export type Mailer = {
  /** Sends now (the caller waits and hears of a failure): the sign-up confirmation. */
  send: (mail: Mail) => Promise<void>
  /** Delivers the mail queued by committed changes (queueMail); returns how many left the queue. */
  deliverQueued: () => Promise<number>
}

/** The channel a queued mail is announced on, so a process delivers it at once rather than at its next round. */
export const MAIL_CHANNEL = 'isoko_mail'

/** Attempts before a queued mail is given up as failed, and the waits between them. */
export const MAIL_MAX_ATTEMPTS = 6
const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** (attempts - 1), 6 * 60 * 60_000)

/**
 * Queues a mail in the caller's transaction: it exists exactly when the change it tells of commits (a
 * rolled-back decision sends nothing, a committed one is never forgotten), and is announced on commit.
 */
export async function queueMail(tx: Tx, mail: Mail): Promise<void> {
  await tx.insert(mailOutbox).values({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    link: mail.link,
    status: 'queued',
  })
  await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`)
}

/**
 * With SMTP_URL the mail is delivered; without it, it waits in the outbox table and its link is printed in
 * the log, so a fresh machine can register and confirm with no mail server. Every mail is recorded either way.
 */
export function createMailer(options: { db: Db; logger: Logger; smtpUrl?: string; from: string }): Mailer {
  // nodemailer is loaded with the first mail to send, not at start (lib/lazy.ts).
  const smtpUrl = options.smtpUrl
  const transport = smtpUrl
    ? lazyModule(() => import('nodemailer').then((module) => module.default.createTransport(smtpUrl)))
    : null
  const { db, logger } = options

  /**
   * Hands one mail to the SMTP server, or without one keeps it (its subject and link logged, so a fresh
   * machine can still follow it). Says which of the two happened; a refusal by the server throws.
   */
  const deliver = async (mail: Mail): Promise<'sent' | 'outbox'> => {
    if (!transport) {
      logger.info(
        { to: mail.to, subject: mail.subject, link: mail.link },
        `mail kept in the outbox: ${mail.link ?? mail.subject}`,
      )
      return 'outbox'
    }
    const smtp = await transport()
    await smtp.sendMail({
      from: options.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    })
    return 'sent'
  }
  const sentAt = (status: 'sent' | 'outbox') => (status === 'sent' ? new Date() : null)

  return {
    deliverQueued: () =>
      deliverOutbox(db, mailOutbox, {
        maxAttempts: MAIL_MAX_ATTEMPTS,
        retryDelayMs,
        async deliver(row) {
          const status = await deliver({ ...row, html: row.html ?? undefined, link: row.link ?? undefined })
          return { status, sentAt: sentAt(status) }
        },
        logFailure: (row, error, { attempts, isLast }) =>
          logger.error(
            { err: error, to: row.to, attempts },
            isLast ? 'mail given up' : 'mail delivery failed; will retry',
          ),
      }),

    async send(mail) {
      const record = { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, link: mail.link }
      try {
        const status = await deliver(mail)
        await db.insert(mailOutbox).values({ ...record, status, sentAt: sentAt(status) })
      } catch (error) {
        logger.error({ err: error, to: mail.to }, 'mail delivery failed')
        await db.insert(mailOutbox).values({ ...record, status: 'failed', error: failureText(error) })
        throw error
      }
    },
  }
}

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  )

/** The confirmation mail, in English and Kinyarwanda (the recipient may read either). */
export function confirmationMail(to: string, fullName: string, link: string): Mail {
  const subject = 'Confirm your Isoko account / Emeza konti yawe ya Isoko'
  const text = [
    `Hello ${fullName},`,
    '',
    'Confirm your e-mail address to finish creating your Isoko account:',
    link,
    'The link works once and expires in 24 hours.',
    '',
    `Muraho ${fullName},`,
    '',
    "Emeza aderesi yawe y'imeyili kugira ngo urangize gufungura konti yawe ya Isoko:",
    link,
    "Iri huza rikora rimwe gusa kandi rirarangira nyuma y'amasaha 24.",
  ].join('\n')
  const safeLink = escapeHtml(link)
  const html = `<p>Hello ${escapeHtml(fullName)},</p><p>Confirm your e-mail address to finish creating your Isoko account:</p><p><a href="${safeLink}">Confirm my e-mail</a></p><p>The link works once and expires in 24 hours.</p><hr><p>Muraho ${escapeHtml(fullName)},</p><p>Emeza aderesi yawe y'imeyili kugira ngo urangize gufungura konti yawe ya Isoko:</p><p><a href="${safeLink}">Emeza imeyili yanjye</a></p><p>Iri huza rikora rimwe gusa kandi rirarangira nyuma y'amasaha 24.</p>`
  return { to, subject, text, html, link }
}

/** One language's words of a mail whose point is a one-time link, every sentence filled in. */
export type LinkMailWords = {
  language: Language
  subject: string
  /** Why the mail came, leading to the link. */
  body: string
  /** The link's button in the HTML version. */
  action: string
  /** How long the link works. */
  validity: string
  /** What to do with a mail one did not expect. */
  notYou: string
}

const hello: Record<Language, (name: string) => string> = {
  en: (name) => `Hello ${name},`,
  rw: (name) => `Muraho ${name},`,
}

/**
 * A mail that carries a one-time link (a password reset, an invitation to the team): the greeting, why it came,
 * the link, how long it works and what to do if it was not expected. Each language given is one version, in turn;
 * the subject names them all.
 */
export function linkMail(mail: { to: string; name: string; link: string }, versions: LinkMailWords[]): Mail {
  const { to, name, link } = mail
  const text = versions
    .map((words) =>
      [hello[words.language](name), '', words.body, link, words.validity, '', words.notYou].join('\n'),
    )
    .join('\n\n')
  const safeLink = escapeHtml(link)
  const html = versions
    .map(
      (words) =>
        `<p>${escapeHtml(hello[words.language](name))}</p><p>${escapeHtml(words.body)}</p>` +
        `<p><a href="${safeLink}">${escapeHtml(words.action)}</a></p>` +
        `<p>${escapeHtml(words.validity)}</p><p>${escapeHtml(words.notYou)}</p>`,
    )
    .join('<hr>')
  return { to, subject: versions.map((words) => words.subject).join(' / '), text, html, link }
}
