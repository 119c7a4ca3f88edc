import { z } from 'zod'
import { messageTypes, roles } from '../constants'

/** The subject of every admin reply (specification, admin §7); screens show it in the reader's language. */
export const adminReplySubject = 'Re: Admin Response'

export const messageListQuery = z.object({
  type: z.enum(['all', ...messageTypes]).default('all'),
  q: z.string().trim().max(200).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
})

export const sendMessageInput = z.object({
  type: z.enum(messageTypes, { error: 'messages.typeInvalid' }).default('general'),
  /** Empty means the default subject, 'Message from {shop name}'. */
  subject: z.string().trim().max(200, 'errors.tooLong').default(''),
  content: z
    .string({ error: 'messages.contentRequired' })
    .trim()
    .min(1, 'messages.contentRequired')
    .max(5000, 'errors.tooLong'),
})

const party = z
  .object({ id: z.string(), fullName: z.string(), email: z.string(), role: z.enum(roles) })
  .nullable()

export const messageDto = z.object({
  id: z.string(),
  subject: z.string(),
  content: z.string(),
  type: z.enum(messageTypes),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** Sent by the signed-in user (false: received). */
  isOwn: z.boolean(),
  sender: party,
  /** null: the admin team. */
  recipient: party,
  replyToId: z.string().nullable(),
})
export type MessageDto = z.infer<typeof messageDto>

export const messageListDto = z.object({
  items: z.array(messageDto),
  total: z.number(),
  unread: z.number(),
  page: z.number(),
  pageSize: z.number(),
})
export type MessageList = z.infer<typeof messageListDto>

/** What the server pushes over /api/events: which data changed, so the screens refetch it. */
export const realtimeTopics = ['products', 'orders', 'payouts', 'messages', 'vendors'] as const
export type RealtimeTopic = (typeof realtimeTopics)[number]
export type RealtimeEvent = { topic: RealtimeTopic; id?: string }
