import { z } from 'zod'

/**
 * PostgreSQL text cannot hold U+0000: a request carrying it would fail in the database with a 500. Every
 * free-text field refuses it up front with this rule (`.regex(noNul, invalidCharacters)`), so the user
 * reads a clear message and nothing is written.
 */
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point of this rule
export const noNul = /^[^\u0000]*$/
export const invalidCharacters = 'errors.invalidCharacters'

/** Longest rejection reason an admin may give (a sentence or two, read by the vendor on a phone). */
export const reasonMax = 500

/**
 * An admin's optional reason for a rejection, shown to the vendor: trimmed, blank means none, no NUL, at most
 * `reasonMax` characters.
 */
export const decisionReason = z
  .string()
  .trim()
  .max(reasonMax, { error: 'errors.tooLong' })
  .regex(noNul, { error: invalidCharacters })
  .optional()
  .transform((value) => (value ? value : null))
