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
 * "At most N characters (you have M)" for text longer than a field takes, else nothing. The field never cuts what
 * was typed or pasted (no `maxLength`): it keeps it all and says this beside it, and the shared rule refuses it.
 * Counted as the rule counts: after trimming, in UTF-16 units.
 */
export function tooLongText(t: TFunction, value: unknown, max: number): string | undefined {
  const count = typeof value === 'string' ? value.trim().length : 0
  return count > max ? t('errors.tooLongCount', { max, count }) : undefined
}

/** `tooLongText` with the screen's language. */
export function useTooLong() {
  const { t } = useTranslation()
  return (value: unknown, max: number) => tooLongText(t, value, max)
}

/**
 * An input's value, handlers and translated error from a Mantine form, to spread on the input:
 * `const field = useFieldProps(form)` then `<TextInput {...field('shopName')} />`. With `max` (the shared
 * rule's limit, from `textMax`), text over it is said to be too long as it is typed, with how long it is. With
 * `type: 'checkbox'`, the value is the box's `checked`.
 */
export function useFieldProps<Values>(form: UseFormReturnType<Values>) {
  const { t } = useTranslation()
  return (
    path: Parameters<UseFormReturnType<Values>['getInputProps']>[0],
    options?: { max?: number; type?: 'checkbox' },
  ) => {
    const props = form.getInputProps(path, { type: options?.type })
    const tooLong = options?.max === undefined ? undefined : tooLongText(t, props.value, options.max)
    return { ...props, error: tooLong ?? fieldError(t, form.errors[path as string]) }
  }
}
