import type { Language } from '../../shared/constants'
import { linkMail, type LinkMailWords, type Mail } from '../mail/mail.service'

/** The invitation's words in each language, from `inviter`, for a link that works `days` days. */
const wording: Record<Language, (inviter: string, days: number) => LinkMailWords> = {
  en: (inviter, days) => ({
    language: 'en',
    subject: 'You are invited to the Isoko admin team',
    body: `${inviter} invited you to run the Isoko marketplace as an administrator. Choose your password here to join:`,
    action: 'Join the admin team',
    validity: `The link works once and expires in ${days} days.`,
    notYou: 'If you did not expect this invitation, ignore this e-mail: no account opens without the link.',
  }),
  rw: (inviter, days) => ({
    language: 'rw',
    subject: "Watumiwe kwinjira mu itsinda ry'abayobozi ba Isoko",
    body: `${inviter} yagutumiye kuyobora isoko rya Isoko nk'umuyobozi. Hitamo ijambo ry'ibanga ryawe hano kugira ngo winjire:`,
    action: "Injira mu itsinda ry'abayobozi",
    validity: `Iri huza rikora rimwe gusa kandi rirarangira nyuma y'iminsi ${days}.`,
    notYou: 'Niba utari witeze ubu butumire, wirengagize iyi meyili: nta konti ifunguka hatabayeho iri huza.',
  }),
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
  return linkMail(options, [wording[options.language](options.inviter, options.days)])
}
