import { and, eq, ilike, isNull, or, type SQL } from 'drizzle-orm'
import { alias, QueryBuilder } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { messageListQuery } from '../../shared/schemas/message'
import type { Tx } from '../db/client'
import { messages, users } from '../db/schema'
import { isUuid } from '../lib/errors'
import { keysetRows, positionOf } from '../lib/paginate'
import { messagesIn, type Viewer } from '../lib/scope'
import { isAnyOf, likePattern } from '../lib/search'

/**
 * The messages resource (docs/decisions/018): a message with its sender and recipient, the viewer's scope,
 * search, filters and keyset order, read by the vendor's and the admin's list and every lookup before a change.
 */

const sender = alias(users, 'sender')
const recipient = alias(users, 'recipient')

/** Each message with its sender and its recipient (none: the admin team), newest first. */
export const messageRows = keysetRows(messages, messages.createdAt, 'message', (db) =>
  db
    .select({
      message: messages,
      sender: { id: sender.id, fullName: sender.fullName, email: sender.email, role: sender.role },
      recipient: {
        id: recipient.id,
        fullName: recipient.fullName,
        email: recipient.email,
        role: recipient.role,
      },
      position: positionOf(messages.createdAt),
    })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .leftJoin(recipient, eq(recipient.id, messages.receiverId))
    .$dynamic(),
)

/**
 * Addressed to the viewer: to them by id, or (for an admin) to the admin team (receiver null; README: deliberate
 * divergences).
 */
export function addressedTo(viewer: Viewer): SQL {
  return viewer.role === 'admin'
    ? or(isNull(messages.receiverId), eq(messages.receiverId, viewer.userId))!
    : eq(messages.receiverId, viewer.userId)
}

/**
 * What a search looks in: the subject and the content, and for an admin also the sender's name and e-mail.
 * A vendor's search leaves senders out: their messages come from themselves or from the team, and matching
 * an admin's name would tell them which admin wrote a reply the screen shows as the team's.
 */
function matching(viewer: Viewer, q: string): SQL | undefined {
  if (!q) return undefined
  const pattern = likePattern(q)
  const inText = [ilike(messages.subject, pattern), ilike(messages.content, pattern)]
  if (viewer.role === 'vendor') return or(...inText)
  // The senders through their ids, so every condition is on the message row and has its index.
  const senders = new QueryBuilder()
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.fullName, pattern), ilike(users.email, pattern)))
  return or(...inText, isAnyOf(messages.senderId, senders))
}

/** The viewer's messages the filters keep: a type, and a search. */
export const messageFilter = (
  viewer: Viewer,
  filters: Pick<z.output<typeof messageListQuery>, 'type' | 'q'>,
): SQL | undefined =>
  and(
    messagesIn(viewer),
    filters.type === 'all' ? undefined : eq(messages.type, filters.type),
    matching(viewer, filters.q),
  )

/** One message the viewer may see (locked for a change when asked); any other is not there. */
export async function findMessage(tx: Tx, viewer: Viewer, id: string, { lock = false } = {}) {
  if (!isUuid(id)) return undefined
  const where = and(eq(messages.id, id), messagesIn(viewer))
  return lock
    ? (await messageRows.select(tx).where(where).for('update', { of: messages }))[0]
    : messageRows.first(tx, where)
}
