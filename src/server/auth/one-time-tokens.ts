import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { oneTimeTokens, type tokenPurposes } from '../db/schema'

type Purpose = (typeof tokenPurposes)[number]

/**
 * Only the SHA-256 of a token is stored, and it is found by that hash: the token itself is never compared
 * character by character, so there is no timing to measure, and a database leak reveals no usable link.
 */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

export async function issueToken(tx: Tx, purpose: Purpose, ttlMs: number, userId?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await tx.insert(oneTimeTokens).values({
    tokenHash: hashToken(token),
    purpose,
    userId: userId ?? null,
    expiresAt: new Date(Date.now() + ttlMs),
  })
  return token
}

export type ConsumeResult =
  { ok: true; userId: string | null } | { ok: false; reason: 'invalid' | 'expired' | 'used' }

/** Marks the token used in the caller's transaction; a second use, or a use after expiry, is refused. */
export async function consumeToken(tx: Tx, purpose: Purpose, token: string): Promise<ConsumeResult> {
  const tokenHash = hashToken(token)
  const [claimed] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: oneTimeTokens.userId })
  if (claimed) return { ok: true, userId: claimed.userId }
  const [existing] = await tx
    .select({ usedAt: oneTimeTokens.usedAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose)))
  if (!existing) return { ok: false, reason: 'invalid' }
  return { ok: false, reason: existing.usedAt ? 'used' : 'expired' }
}
