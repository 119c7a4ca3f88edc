import {
  messageDto,
  messageListDto,
  messageListQuery,
  messageThreadDto,
  replyMessageInput,
  sendMessageInput,
} from '../../shared/schemas/message'
import { adminScope, guard, signedIn, adminRouteGroup } from '../auth/guards'
import { createRouter } from '../lib/http'
import type { Deps } from '../deps'
import { creates, jsonBody, responds, routeGroup } from '../lib/openapi'
import {
  getConversation,
  listMessages,
  markMessageRead,
  replyAsVendor,
  replyToMessage,
  sendMessage,
} from './messages.service'

/**
 * Messages between vendors and the admin team. A vendor sees only what they sent or received, an admin
 * everything. A rejected vendor may still write and read: contacting support is how they learn why.
 */
const anyoneSignedIn = guard(undefined, { allowRejected: true })
const vendorWriting = guard('vendor', { allowRejected: true })

const viewer = (c: Parameters<typeof signedIn>[0]) => {
  const actor = signedIn(c)
  return { userId: actor.userId, role: actor.role }
}

const anyoneRoute = routeGroup({
  middleware: anyoneSignedIn,
  tags: ['Messages'],
  errors: [401],
  scope: viewer,
})
const vendorRoute = routeGroup({
  middleware: vendorWriting,
  tags: ['Messages'],
  errors: [401, 403],
  scope: viewer,
})
const adminRoute = adminRouteGroup('Admin messages')

export function messageRoutes(deps: Deps) {
  const db = deps.database.db
  return createRouter()
    .openapi(
      ...anyoneRoute.list(
        '/api/messages',
        {
          summary:
            'The messages the user sent or received (admins: all), newest first, with the unread count',
          query: messageListQuery,
        },
        [messageListDto, 'Messages'],
        (viewer, query) => listMessages(db, viewer, query),
      ),
    )
    .openapi(
      // Admins answer through the reply endpoint; the admin team writing to itself has no recipient.
      vendorRoute('post', '/api/messages', {
        summary:
          "A vendor writes to the admin team (subject defaults to 'Message from {shop name}'; messages.noRecipient without any admin)",
        request: jsonBody(sendMessageInput),
        responses: creates(messageDto, 'Sent', 409, 422),
      }),
      async (c) => c.json(await sendMessage(db, viewer(c), c.req.valid('json')), 201),
    )
    .openapi(
      anyoneRoute('post', '/api/messages/{id}/read', {
        summary: 'Open a message: marks it read when the user is its recipient and it is unread',
        responses: responds(messageDto, 'The message', 404),
      }),
      async (c) => c.json(await markMessageRead(db, viewer(c), c.req.valid('param').id), 200),
    )
    .openapi(
      anyoneRoute('get', '/api/messages/{id}/thread', {
        summary:
          'The conversation a message belongs to: its first message and every reply, oldest first (its latest 200), for the user who may see the message',
        responses: responds(messageThreadDto, 'The conversation', 404),
      }),
      async (c) => c.json(await getConversation(db, viewer(c), c.req.valid('param').id), 200),
    )
    .openapi(
      vendorRoute('post', '/api/messages/{id}/reply', {
        summary:
          "A vendor replies in a conversation: to the admin team, answering one of their messages or the team's to them (subject 'Re: {subject}' in the vendor's language)",
        request: jsonBody(replyMessageInput),
        responses: creates(messageDto, 'Sent', 404, 409, 422),
      }),
      async (c) =>
        c.json(await replyAsVendor(db, viewer(c), c.req.valid('param').id, c.req.valid('json').content), 201),
    )
    .openapi(
      adminRoute('post', '/api/admin/messages/{id}/reply', {
        summary:
          "Reply to a message's sender (subject 'Re: Admin Response' in the vendor's language, type support); answers the conversation's waiting messages to the team",
        request: jsonBody(replyMessageInput),
        responses: creates(messageDto, 'Sent', 404, 409, 422),
      }),
      async (c) =>
        c.json(
          await replyToMessage(db, adminScope(c), c.req.valid('param').id, c.req.valid('json').content),
          201,
        ),
    )
}
