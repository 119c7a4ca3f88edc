import type { Language } from '../../shared/constants'
import { escapeHtml, type Mail } from '../mail/mail.service'

type Wording = {
  subject: string
  hello: (name: string) => string
  body: (inviter: string) => string
  action: string
  validity: (days: number) => string
  notYou: string
}

const wording: Record<Language, Wording> = {
  en: {
    subject: 'You are invited to the Isoko admin team',
    hello: (name) => `Hello ${name},`,
    body: (inviter) =>
      `${inviter} invited you to run the Isoko marketplace as an administrator. Choose your password here to join:`,
    action: 'Join the admin team',
    validity: (days) => `The link works once and expires in ${days} days.`,
    notYou: 'If you did not expect this invitation, ignore this e-mail: no account opens without the link.',
  },
  rw: {
    subject: "Watumiwe kwinjira mu itsinda ry'abayobozi ba Isoko",
    hello: (name) => `Muraho ${name},`,
    body: (inviter) =>
      `${inviter} yagutumiye kuyobora isoko rya Isoko nk'umuyobozi. Hitamo ijambo ry'ibanga ryawe hano kugira ngo winjire:`,
    action: "Injira mu itsinda ry'abayobozi",
    validity: (days) => `Iri huza rikora rimwe gusa kandi rirarangira nyuma y'iminsi ${days}.`,
    notYou: 'Niba utari witeze ubu butumire, wirengagize iyi meyili: nta konti ifunguka hatabayeho iri huza.',
  },
}

/**
 * The invitation to the admin team, in the inviting admin's language (the invitee has never used the screens, so
 * theirs is unknown; the inviter knows them). The link carries the token in its fragment, kept out of access logs.
 */
export function invitationMail(options: {
  to: string
  name: string
  inviter: string
  language: Language
  link: string
  days: number
}): Mail {
  const { to, name, inviter, link, days } = options
  const words = wording[options.language]
  const text = [
    words.hello(name),
    '',
    words.body(inviter),
    link,
    words.validity(days),
    '',
    words.notYou,
  ].join('\n')
  const html =
    `<p>${escapeHtml(words.hello(name))}</p><p>${escapeHtml(words.body(inviter))}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(words.action)}</a></p>` +
    `<p>${escapeHtml(words.validity(days))}</p><p>${escapeHtml(words.notYou)}</p>`
  return { to, subject: words.subject, text, html, link }
}
