import type { TFunction } from 'i18next'
import { isTeamReplySubject } from '../../shared/schemas/message'

/**
 * Admin replies carry the team's fixed subject (specification, admin §7), stored in the vendor's language; show
 * it in the reader's, whichever language it was stored in.
 */
export const displaySubject = (t: TFunction, subject: string) =>
  isTeamReplySubject(subject) ? t('messages.adminReplySubject') : subject

/** A message's words on one line, for a list's preview of one or two lines. */
export const messagePreview = (content: string) => content.replace(/\s+/g, ' ').trim()
