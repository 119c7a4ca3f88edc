import type { Language } from '../../shared/constants'
import { linkMail, type LinkMailWords, type Mail } from './mail.service'

/** The mail's words in each language, for a link that works `minutes` minutes. */
const wording: Record<Language, (minutes: number) => LinkMailWords> = {
  en: (minutes) => ({
    language: 'en',
    subject: 'Reset your Isoko password',
    body: 'Someone asked to reset the password of your Isoko account. Choose a new password here:',
    action: 'Choose a new password',
    validity: `The link works once and expires in ${minutes} minutes.`,
    notYou: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  }),
  rw: (minutes) => ({
    language: 'rw',
    subject: "Hindura ijambo ry'ibanga rya Isoko",
    body: "Hari uwasabye guhindura ijambo ry'ibanga rya konti yawe ya Isoko. Hitamo ijambo ry'ibanga rishya hano:",
    action: "Hitamo ijambo ry'ibanga rishya",
    validity: `Iri huza rikora rimwe gusa kandi rirarangira nyuma y'iminota ${minutes}.`,
    notYou: "Niba atari wowe wabisabye, wirengagize iyi meyili: ijambo ry'ibanga ryawe ntirihinduka.",
  }),
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
  const shown: Language[] = options.language ? [options.language] : ['en', 'rw']
  return linkMail(
    options,
    shown.map((language) => wording[language](options.minutes)),
  )
}
