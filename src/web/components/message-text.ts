import type { TFunction } from 'i18next'
import { adminReplySubject } from '../../shared/schemas/message'

/** Admin replies carry a fixed English subject (specification, admin §7); show it in the reader's language. */
export const displaySubject = (t: TFunction, subject: string) =>
  subject === adminReplySubject ? t('messages.adminReplySubject') : subject

/** A message's words on one line, for a list's preview of one or two lines. */
export const messagePreview = (content: string) => content.replace(/\s+/g, ' ').trim()
