import { eq } from 'drizzle-orm'
import { users, vendors } from './schema'

/**
 * A shop and the account that owns it (vendors.user_id), the join every read of a shop's owner makes: payouts,
 * the session's shop, a message's sender, a report's newest shops.
 */
export const ownerOfShop = eq(users.id, vendors.userId)
