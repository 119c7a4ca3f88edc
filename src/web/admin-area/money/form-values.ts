import type { z } from 'zod'
import { basisPointsOf } from '../../../shared/schemas/commission'

/** A NumberInput's value as a form keeps it: '' when empty, else the number (or text) typed. */
export type Typed = number | string

/** A whole amount as typed, for the shared rule to judge: NaN when empty, so it is refused rather than guessed. */
export const typedAmount = (value: Typed): number =>
  value === '' ? Number.NaN : typeof value === 'number' ? value : Number(value)

/** An optional amount: empty is none (null). */
export const optionalAmount = (value: Typed): number | null => (value === '' ? null : typedAmount(value))

/** A percentage as typed, in basis points; NaN when it is not one with at most 2 decimals (the rule says why). */
export const typedBasisPoints = (value: Typed): number => basisPointsOf(value) ?? Number.NaN

/**
 * The first message key of each field a shared rule refused, under the form's own name for the field (`rename`
 * maps the API's name to it: vatRateBp → vatPercent); a refusal of the whole is under '_'.
 */
export function fieldErrors(
  result: { success: true } | { success: false; error: z.ZodError },
  rename: Record<string, string> = {},
): Record<string, string> {
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_'
    errors[rename[key] ?? key] ??= issue.message
  }
  return errors
}

/** The server's per-field keys under the form's names. */
export const renamed = (fields: Record<string, string>, rename: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [rename[key] ?? key, value]))
