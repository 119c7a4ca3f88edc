import { Button, Group, Textarea, type TextareaProps } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { IconSend } from '@tabler/icons-react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { textMax } from '../../shared/constants'
import { replyMessageInput } from '../../shared/schemas/message'
import { ApiError } from '../api/client'
import type { TextKey } from '../i18n/keys'
import { tooLongText, useFieldProps } from './form-errors'
import { FlashAlert } from './flash-alert'
import { failureDetail, type Flash } from './use-flash-message'

/**
 * A reply's form (an admin's, a vendor's): the message alone, under the server's own rule (replyMessageInput),
 * so an empty reply is refused here with the same words.
 */
export function useReplyForm() {
  const form = useForm({
    initialValues: { content: '' },
    validate: schemaResolver(replyMessageInput, { sync: true }),
  })
  return { form, field: useFieldProps(form) }
}

/**
 * What a form says when its message was not sent: with no admin to receive it, the specified system error word
 * for word (spec §8); otherwise the screen's own failure (`failedKey`) with what the server said.
 */
export const sendFailure = (t: TFunction, error: unknown, failedKey: TextKey): [string, string?] =>
  error instanceof ApiError && error.messageKey === 'messages.noRecipient'
    ? [t('messages.noRecipient')]
    : [t(failedKey), failureDetail(t, error)]

/**
 * The end of a form that sends a message (a vendor's new message, an admin's reply): the message itself
 * (required, at most 5,000 characters, as the server's rule: longer text is kept and said to be too long, not
 * cut), what went wrong, then Cancel and Send, which shows
 * its progress while the message is on its way.
 */
export function MessageSendFields({
  label,
  input,
  rows,
  flash,
  isPending,
  sendLabel,
  onCancel,
  isFirstInDialog = false,
}: {
  label: string
  /** The form's props for the message (value, change handler, translated error). */
  input: Omit<TextareaProps, 'label'>
  rows: { min: number; max: number }
  flash: Flash | null
  isPending: boolean
  sendLabel: string
  onCancel: () => void
  /** In a dialog, the message takes focus when it opens. */
  isFirstInDialog?: boolean
}) {
  const { t } = useTranslation()
  return (
    <>
      <Textarea
        label={label}
        required
        autosize
        minRows={rows.min}
        maxRows={rows.max}
        data-autofocus={isFirstInDialog || undefined}
        {...input}
        error={tooLongText(t, input.value, textMax.messageContent) ?? input.error}
      />
      <FlashAlert flash={flash} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={isPending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={isPending} leftSection={<IconSend size={18} aria-hidden />}>
          {sendLabel}
        </Button>
      </Group>
    </>
  )
}
