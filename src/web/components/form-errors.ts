import type { TFunction } from 'i18next'
import type { UseFormReturnType } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../api/client'
import { messageText, type TextKey } from '../i18n/keys'

/** Form errors are i18n keys (the shared zod schemas carry keys): translate one for display. */
export function fieldError(t: TFunction, error: unknown): string | undefined {
  return typeof error === 'string' && error ? messageText(t, error) : undefined
}

/** The user-facing message of a failed call, in the user's language. */
export function errorMessage(t: TFunction, error: unknown, fallbackKey: TextKey = 'errors.internal'): string {
  if (error instanceof ApiError) {
    return messageText(t, error.messageKey, { ...error.params, defaultValue: t(fallbackKey) })
  }
  return t(fallbackKey)
}

/** The server's per-field message keys, ready for form.setErrors. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fields ? error.fields : {}
}

/**
 * An input's value, handlers and translated error from a Mantine form, to spread on the input:
 * `const field = useFieldProps(form)` then `<TextInput {...field('shopName')} />`.
 */
export function useFieldProps<Values>(form: UseFormReturnType<Values>) {
  const { t } = useTranslation()
  return (path: Parameters<UseFormReturnType<Values>['getInputProps']>[0]) => ({
    ...form.getInputProps(path),
    error: fieldError(t, form.errors[path as string]),
  })
}
