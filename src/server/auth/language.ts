import { eq } from 'drizzle-orm'
import { languageHeader, languages, type Language } from '../../shared/constants'
import type { Db } from '../db/client'
import { users } from '../db/schema'

export const isLanguage = (value: unknown): value is Language => languages.includes(value as Language)

/** The language the screens said they show (null when the header is missing or not one of ours). */
export const sentLanguage = (headers: Headers): Language | null => {
  const sent = headers.get(languageHeader)
  return isLanguage(sent) ? sent : null
}

/**
 * The screens send the language they show in a header on every call; when it differs from the one on
 * record, the record follows (one write, on the first call after a switch), so mail about a decision
 * reaches the vendor in the language they last used. A request without the header changes nothing.
 */
export async function keepLanguage(
  db: Db,
  userId: string,
  stored: string | null | undefined,
  sent: Language | null,
): Promise<Language | null> {
  const current = isLanguage(stored) ? stored : null
  if (!sent || sent === current) return current
  await db.update(users).set({ language: sent }).where(eq(users.id, userId))
  return sent
}
