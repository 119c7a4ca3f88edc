import nodemailer from 'nodemailer'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'
import type { Logger } from '../lib/logger'

export type Mail = { to: string; subject: string; text: string; html?: string; link?: string }
export type Mailer = { send: (mail: Mail) => Promise<void> }

/**
 * With SMTP_URL the mail is delivered; without it, it waits in the outbox table and its link is printed in
 * the log, so a fresh machine can register and confirm with no mail server. Every mail is recorded either way.
 */
export function createMailer(options: { db: Db; logger: Logger; smtpUrl?: string; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null
  return {
    async send(mail) {
      if (!transport) {
        await options.db
          .insert(mailOutbox)
          .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, status: 'outbox' })
        options.logger.info(
          { to: mail.to, subject: mail.subject, link: mail.link },
          `mail kept in the outbox: ${mail.link ?? mail.subject}`,
        )
        return
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        })
        await options.db.insert(mailOutbox).values({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          status: 'sent',
          sentAt: new Date(),
        })
      } catch (error) {
        options.logger.error({ err: error, to: mail.to }, 'mail delivery failed')
        await options.db.insert(mailOutbox).values({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          status: 'failed',
          error: error instanceof Error ? error.message.slice(0, 500) : 'unknown',
        })
        throw error
      }
    },
  }
}

const escapeHtml = (value: string) =>
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
