import { z } from 'zod'
import { limits } from '../constants'

/**
 * PostgreSQL text cannot hold U+0000: a request carrying it would fail in the database with a 500. Nor can
 * UTF-8 hold half of a surrogate pair (a lone \uD800, which JSON's escapes can carry): on its way to the
 * database it would become U+FFFD, so the text stored would not be the text sent. Every free-text field
 * refuses both up front with this rule (`.regex(noNul, invalidCharacters)`), so the user reads a clear
 * message and nothing is written. A whole pair (an emoji) passes.
 *
 * No flags: the OpenAPI document carries the expression as the field's `pattern`, and a pattern has none.
 * Written pair by pair, it means the same whether a validator reads it by UTF-16 unit or (with `u`, as
 * JSON Schema asks) by code point.
 */
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point of this rule
export const noNul = /^(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/
export const invalidCharacters = 'errors.invalidCharacters'

/** What `requiredText` accepts, as the document states it: no NUL or lone surrogate, and not blank. */
// eslint-disable-next-line no-control-regex -- see noNul
const nonBlankText = /^(?=[\s\S]*\S)(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/

/**
 * Text the user must give: trimmed, no NUL, 1 to `max` characters. `requiredKey` is what a missing or blank
 * value reads (a form may word it its own way).
 */
export const requiredText = (max: number, requiredKey = 'errors.required') =>
  z
    .string({ error: requiredKey })
    .regex(noNul, invalidCharacters)
    .trim()
    .min(1, requiredKey)
    .max(max, 'errors.tooLong')
    .meta({ pattern: nonBlankText.source })

/**
 * An e-mail address the user must give (trimmed, at most 254 characters), as zod's e-mail rule reads it; the
 * document states that rule as the field's pattern, beside `format: email`.
 */
export const emailText = (requiredKey?: string) =>
  requiredText(limits.emailMax, requiredKey)
    .pipe(z.email({ error: 'errors.emailInvalid' }))
    .meta({ format: 'email', pattern: z.regexes.email.source })

/** Text the user may leave out: trimmed, no NUL, at most `max` characters, '' when not sent. */
export const optionalText = (max: number) =>
  z.string().regex(noNul, invalidCharacters).trim().max(max, 'errors.tooLong').default('')

/** A note an admin may add to a decision: trimmed, blank means none (null), no NUL, at most `max` characters. */
export const optionalNote = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'errors.tooLong' })
    .regex(noNul, { error: invalidCharacters })
    .optional()
    .transform((value) => (value ? value : null))

/** Longest rejection reason an admin may give (a sentence or two, read by the vendor on a phone). */
export const reasonMax = 500

/** An admin's optional reason for a rejection, shown to the vendor. */
export const decisionReason = optionalNote(reasonMax)

/** An admin's decision on a payout: approve or reject, with an optional reason. */
export const decisionInput = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'errors.invalidValue' }),
  reason: decisionReason,
})

/** What a rejection of an application or a product without a reason reads. */
export const reasonRequired = 'errors.reasonRequired'

/** A rejection must say why: a missing or blank reason is refused on the `reason` field. */
export function requireReasonOnRejection(
  decision: { status: 'approved' | 'rejected'; reason: string | null },
  ctx: z.RefinementCtx,
) {
  if (decision.status === 'rejected' && !decision.reason) {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: reasonRequired })
  }
}

/** The reason of a decision that must give one when it rejects, as the API document states it. */
const reasonWithRejection = decisionReason.meta({
  description:
    'Why it is rejected, which the vendor reads: required (not blank) with a rejection, else 422 ' +
    'errors.reasonRequired; not kept with an approval',
})

/**
 * An admin's decision on a vendor application or a product: an approval needs nothing more, a rejection a
 * reason (not blank, at most `reasonMax` characters), since the vendor must be told what to change.
 */
export const reasonedDecisionFields = {
  status: decisionInput.shape.status,
  reason: reasonWithRejection,
}
export const reasonedDecisionInput = z.object(reasonedDecisionFields).superRefine(requireReasonOnRejection)
