import { z } from 'zod'
import { invalidCharacters, noNul, optionalText, requiredText } from './text'
import { limits, messageTypes, roles, textMax, type Language } from '../constants'
import { pageQuery, paged } from './pagination'

/** The subject of every admin reply (specification, admin §7); screens show it in the reader's language. */
export const adminReplySubject = 'Re: Admin Response'

/**
 * What the server writes on a reply's subject, in the language of the vendor in the conversation (the one they
 * last used on screen, as their mail): the team's fixed subject (`adminReplySubject` in English), and the prefix
 * of a vendor's reply before the conversation's subject. The screens show the team's subject in the reader's
 * language whichever of these was stored (displaySubject).
 */
export const replyWording: Record<Language, { teamReply: string; prefix: string }> = {
  en: { teamReply: adminReplySubject, prefix: 'Re: ' },
  rw: { teamReply: "Igisubizo cy'itsinda rya Isoko", prefix: 'Igisubizo: ' },
}

/** The subject of a vendor's reply: the conversation's, after the prefix once (a reply to a reply adds none). */
export function vendorReplySubject(language: Language, subject: string): string {
  const prefixes = Object.values(replyWording).map((words) => words.prefix.toLowerCase())
  const isReply = prefixes.some((prefix) => subject.toLowerCase().startsWith(prefix))
  return (isReply ? subject : `${replyWording[language].prefix}${subject}`).slice(0, textMax.messageSubject)
}

/** The team's fixed reply subject in any language it was stored in. */
export const isTeamReplySubject = (subject: string) =>
  Object.values(replyWording).some((words) => words.teamReply === subject)

export const messageListQuery = pageQuery(50).extend({
  type: z.enum(['all', ...messageTypes]).default('all'),
  q: z.string().regex(noNul, invalidCharacters).trim().max(200).default(''),
})

const content = requiredText(textMax.messageContent, 'messages.contentRequired')

export const sendMessageInput = z.object({
  type: z.enum(messageTypes, { error: 'messages.typeInvalid' }).default('general'),
  /** Empty means the default subject, 'Message from {shop name}'. */
  subject: optionalText(textMax.messageSubject),
  content,
})

const party = z
  .object({ id: z.string(), fullName: z.string(), email: z.string(), role: z.enum(roles) })
  .nullable()

/** An admin's support reply (second specification, §7), or a vendor's reply to the team in a conversation. */
export const replyMessageInput = z.object({ content })

/** Who answered a message to the admin team (shown to admins only). */
const answerer = z.object({ id: z.string(), fullName: z.string() }).nullable()

export const messageDto = z.object({
  id: z.string(),
  subject: z.string(),
  content: z.string(),
  type: z.enum(messageTypes),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /**
   * Unread and addressed to the signed-in user (an admin: to the admin team or to them): what the 'New' marker
   * shows and the unread count counts. A message to the team is read for every admin once one opens it.
   */
  isUnread: z.boolean(),
  /** Sent by the signed-in user (false: received). */
  isOwn: z.boolean(),
  /** null: the admin team (a vendor never sees which admin wrote or read). */
  sender: party,
  /** null: the admin team. */
  recipient: party,
  /** The message this one answers (null: it starts a conversation). */
  replyToId: z.string().nullable(),
  /**
   * When an admin first replied to this message to the admin team, and who (null when no one has, for messages
   * not to the team, and always for a vendor). `answeredBy` is null with a time when that admin's account is gone.
   */
  answeredAt: z.string().nullable(),
  answeredBy: answerer,
})
export type MessageDto = z.infer<typeof messageDto>

export const messageListDto = paged(messageDto).extend({
  unread: z.number(),
})
export type MessageList = z.infer<typeof messageListDto>

/**
 * The conversation a message belongs to: its first message and every reply, oldest first. A very long one
 * shows its latest `limits.threadMessages` (`hasEarlier`: older ones are left out).
 */
export const messageThreadDto = z.object({
  items: z.array(messageDto).max(limits.threadMessages),
  hasEarlier: z.boolean(),
})
export type MessageThread = z.infer<typeof messageThreadDto>

/** The Server-Sent Events stream of changes (an EventSource cannot go through the typed client). */
export const EVENTS_URL = '/api/events'

/** What the server pushes over /api/events: which data changed, so the screens refetch it. */
export const realtimeTopics = ['products', 'orders', 'payouts', 'messages', 'vendors'] as const
export type RealtimeTopic = (typeof realtimeTopics)[number]
export type RealtimeEvent = { topic: RealtimeTopic; id?: string }
