import type { TFunction } from 'i18next'
import { adminReplySubject } from '../../../shared/schemas/message'

/** Admin replies carry a fixed English subject (specification); show it in the reader's language. */
export const displaySubject = (t: TFunction, subject: string) =>
  subject === adminReplySubject ? t('vendor.messages.adminReplySubject') : subject
