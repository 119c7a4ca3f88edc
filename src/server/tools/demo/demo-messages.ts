/**
 * The messages: the conversations of demo-data, each written by a shop to the team, opened by an admin and
 * answered some hours later (or still waiting), and the answer read by the vendor.
 */
import { sendMessageInput } from '../../../shared/schemas/message'
import { markMessageRead, replyToMessage, sendMessage } from '../../messages/messages.service'
import { HOUR_MS } from './demo-clock'
import { demoConversations, type DemoConversation } from './demo-data'
import { vendorScope, type ShopState, type Story } from './demo-story'

type Viewer = { userId: string; role: 'admin' | 'vendor' }

export function planConversations(story: Story) {
  for (const conversation of demoConversations) {
    const shop = story.shops.get(conversation.shop)
    if (!shop) throw new Error(`a conversation names an unknown shop: ${conversation.shop}`)
    const latestHour = conversation.daysAgo === 0 ? 11 : 18
    story.timeline.at(story.onDay(conversation.daysAgo, 8, latestHour), (at) =>
      converse(story, shop, conversation, at),
    )
  }
}

async function converse(story: Story, shop: ShopState, conversation: DemoConversation, at: number) {
  const { db, random, timeline } = story
  const viewer = { userId: shop.userId, role: 'vendor' as const }
  const input = sendMessageInput.parse({
    type: conversation.type,
    subject: conversation.subject,
    content: conversation.content,
  })
  const sent = await story.act(
    at,
    (request) => {
      vendorScope(shop, request)
      return sendMessage(db, viewer, input)
    },
    (message, when) => story.stamps.set('messages', 'created_at', message.id, when),
  )
  if (conversation.isUnread) return
  const replyAt = at + (conversation.replyAfterHours ?? 5) * HOUR_MS
  timeline.at(at + random.between(0.2, 0.8) * (replyAt - at), (when) =>
    openMessage(story, story.adminViewer, sent.id, when),
  )
  const content = conversation.reply
  if (!content) return
  timeline.at(replyAt, (repliedAt) => reply(story, shop, conversation, sent.id, content, repliedAt))
}

/** The team answers; the vendor reads the answer later, unless the story leaves it unread. */
async function reply(
  story: Story,
  shop: ShopState,
  conversation: DemoConversation,
  messageId: string,
  content: string,
  at: number,
) {
  const answer = await story.act(
    at,
    (request) => replyToMessage(story.db, story.admin(request), messageId, content),
    (message, when) => story.stamps.set('messages', 'created_at', message.id, when),
  )
  if (!conversation.isReplyUnread && shop.status !== 'rejected') {
    const viewer = { userId: shop.userId, role: 'vendor' as const }
    story.timeline.at(story.later(at, 1, 20), (when) => openMessage(story, viewer, answer.id, when))
  }
}

async function openMessage(story: Story, viewer: Viewer, id: string, at: number) {
  await story.act(
    at,
    () => markMessageRead(story.db, viewer, id),
    (message, when) => {
      if (message.readAt) story.stamps.set('messages', 'read_at', id, when)
    },
  )
}
