import { createRoute, z } from '@hono/zod-openapi'
import { messageDto, messageListDto, messageListQuery, sendMessageInput } from '../../shared/schemas/message'
import { createGuardedRouter, type Deps, requireActor } from '../lib/http'
import { errorResponses, idParam, jsonBody, jsonContent } from '../lib/openapi'
import { listMessages, markMessageRead, replyToMessage, sendMessage } from './messages.service'

/** An admin's support reply (the admin screens will share it from src/shared). */
export const replyMessageInput = z.object({
  content: z
    .string({ error: 'messages.contentRequired' })
    .trim()
    .min(1, 'messages.contentRequired')
    .max(5000, 'errors.tooLong'),
})

/** /api/messages: any signed-in user; a vendor sees only what they sent or received, an admin everything. */
export function messageRoutes(deps: Deps) {
  const router = createGuardedRouter(deps.auth)
  const db = deps.database.db
  const tags = ['Messages']
  const viewer = async (c: Parameters<typeof requireActor>[0]) => {
    const actor = await requireActor(c, deps.auth)
    return { userId: actor.userId, role: actor.role }
  }

  router.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'The messages the user sent or received (admins: all), newest first, with the unread count',
      request: { query: messageListQuery },
      responses: { 200: jsonContent(messageListDto, 'Messages'), ...errorResponses(401, 422) },
    }),
    async (c) => c.json(await listMessages(db, await viewer(c), c.req.valid('query')), 200),
  )

  router.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary:
        "A vendor writes to the admin team (subject defaults to 'Message from {shop name}'; messages.noRecipient without any admin)",
      request: jsonBody(sendMessageInput),
      responses: { 201: jsonContent(messageDto, 'Sent'), ...errorResponses(401, 403, 409, 422) },
    }),
    async (c) => {
      // Admins answer through the reply endpoint; the admin team writing to itself has no recipient.
      const actor = await requireActor(c, deps.auth, 'vendor')
      return c.json(
        await sendMessage(db, { userId: actor.userId, role: actor.role }, c.req.valid('json')),
        201,
      )
    },
  )

  router.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/read',
      tags,
      summary: 'Open a message: marks it read when the user is its recipient and it is unread',
      request: { params: idParam },
      responses: { 200: jsonContent(messageDto, 'The message'), ...errorResponses(401, 404) },
    }),
    async (c) => c.json(await markMessageRead(db, await viewer(c), c.req.valid('param').id), 200),
  )

  return router
}

/** /api/admin/messages: support replies. Admins only. */
export function adminMessageRoutes(deps: Deps) {
  const router = createGuardedRouter(deps.auth, 'admin')
  const db = deps.database.db

  router.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/reply',
      tags: ['Admin messages'],
      summary: "Reply to a message's sender (subject 'Re: Admin Response', type support)",
      request: { params: idParam, ...jsonBody(replyMessageInput) },
      responses: { 201: jsonContent(messageDto, 'Sent'), ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (c) => {
      const admin = await requireActor(c, deps.auth, 'admin')
      const reply = await replyToMessage(
        db,
        { userId: admin.userId, role: admin.role },
        c.req.valid('param').id,
        c.req.valid('json').content,
      )
      return c.json(reply, 201)
    },
  )

  return router
}
