import type { TFunction } from 'i18next'
import { ApiError } from '../api/client'

/** Form errors are i18n keys (the shared zod schemas carry keys): translate one for display. */
export function fieldError(t: TFunction, error: unknown): string | undefined {
  return typeof error === 'string' && error ? t(error) : undefined
}

/** The user-facing message of a failed call, in the user's language. */
export function errorMessage(t: TFunction, error: unknown, fallbackKey = 'errors.internal'): string {
  if (error instanceof ApiError) return t(error.messageKey, { ...error.params, defaultValue: t(fallbackKey) })
  return t(fallbackKey)
}

/** The server's per-field message keys, ready for form.setErrors. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fields ? error.fields : {}
}
