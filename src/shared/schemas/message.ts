import { z } from 'zod'
import { invalidCharacters, noNul, optionalText, requiredText } from './text'
import { messageTypes, roles, textMax } from '../constants'
import { pageQuery, paged } from './pagination'

/** The subject of every admin reply (specification, admin §7); screens show it in the reader's language. */
export const adminReplySubject = 'Re: Admin Response'

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

/** An admin's support reply (second specification, §7). */
export const replyMessageInput = z.object({ content })

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
  replyToId: z.string().nullable(),
})
export type MessageDto = z.infer<typeof messageDto>

export const messageListDto = paged(messageDto).extend({
  unread: z.number(),
})
export type MessageList = z.infer<typeof messageListDto>

/** The Server-Sent Events stream of changes (an EventSource cannot go through the typed client). */
export const EVENTS_URL = '/api/events'

/** What the server pushes over /api/events: which data changed, so the screens refetch it. */
export const realtimeTopics = ['products', 'orders', 'payouts', 'messages', 'vendors'] as const
export type RealtimeTopic = (typeof realtimeTopics)[number]
export type RealtimeEvent = { topic: RealtimeTopic; id?: string }
