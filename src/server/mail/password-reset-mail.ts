import type { Language } from '../../shared/constants'
import { escapeHtml, type Mail } from './mail.service'

type Wording = {
  subject: string
  hello: (name: string) => string
  body: string
  action: string
  validity: (minutes: number) => string
  notYou: string
}

const wording: Record<Language, Wording> = {
  en: {
    subject: 'Reset your Isoko password',
    hello: (name) => `Hello ${name},`,
    body: 'Someone asked to reset the password of your Isoko account. Choose a new password here:',
    action: 'Choose a new password',
    validity: (minutes) => `The link works once and expires in ${minutes} minutes.`,
    notYou: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  rw: {
    subject: "Hindura ijambo ry'ibanga rya Isoko",
    hello: (name) => `Muraho ${name},`,
    body: "Hari uwasabye guhindura ijambo ry'ibanga rya konti yawe ya Isoko. Hitamo ijambo ry'ibanga rishya hano:",
    action: "Hitamo ijambo ry'ibanga rishya",
    validity: (minutes) => `Iri huza rikora rimwe gusa kandi rirarangira nyuma y'iminota ${minutes}.`,
    notYou: "Niba atari wowe wabisabye, wirengagize iyi meyili: ijambo ry'ibanga ryawe ntirihinduka.",
  },
}

/**
 * The password reset mail: in the account's language when the user has used the screens before, in both
 * languages (like the confirmation mail) before that.
 */
export function passwordResetMail(options: {
  to: string
  name: string
  language: Language | null
  link: string
  minutes: number
}): Mail {
  const { to, name, link, minutes } = options
  const shown = options.language ? [wording[options.language]] : [wording.en, wording.rw]
  const text = shown
    .map((words) =>
      [words.hello(name), '', words.body, link, words.validity(minutes), '', words.notYou].join('\n'),
    )
    .join('\n\n')
  const safeLink = escapeHtml(link)
  const html = shown
    .map(
      (words) =>
        `<p>${escapeHtml(words.hello(name))}</p><p>${escapeHtml(words.body)}</p>` +
        `<p><a href="${safeLink}">${escapeHtml(words.action)}</a></p>` +
        `<p>${escapeHtml(words.validity(minutes))}</p><p>${escapeHtml(words.notYou)}</p>`,
    )
    .join('<hr>')
  return { to, subject: shown.map((words) => words.subject).join(' / '), text, html, link }
}
