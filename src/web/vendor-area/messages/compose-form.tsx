import type { Ref } from 'react'
import { NativeSelect, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { messageTypes, textMax, type MessageType } from '../../../shared/constants'
import { sendMessageInput, type MessageDto } from '../../../shared/schemas/message'
import { useSendMessage } from '../../api/messages'
import { serverFieldErrors, useFieldProps } from '../../components/form-errors'
import { MessageSendFields, sendFailure } from '../../components/message-send-fields'
import { useFlashMessage } from '../../components/use-flash-message'
import { FocusHeading } from '../../components/focus-heading'

type ComposeValues = { type: MessageType; subject: string; content: string }

/**
 * A new message to the Isoko team: type, subject and message (spec §2, §5). The content must not be empty; an
 * empty subject becomes 'Message from {shop name}', the text the field shows as its placeholder, so what the
 * vendor saw is what is sent.
 */
export function ComposeForm({
  shopName,
  onSent,
  onCancel,
  headingRef,
}: {
  shopName: string
  onSent: (message: MessageDto) => void
  onCancel: () => void
  headingRef?: Ref<HTMLHeadingElement>
}) {
  const { t } = useTranslation()
  const send = useSendMessage()
  const feedback = useFlashMessage()
  const form = useForm<ComposeValues>({
    initialValues: { type: 'general', subject: '', content: '' },
    // The server's own rule, so an empty message is refused here with the same words.
    validate: schemaResolver(sendMessageInput, { sync: true }),
  })
  const field = useFieldProps(form)
  const defaultSubject = t('vendor.messages.compose.defaultSubject', { shop: shopName })

  const submit = form.onSubmit((values) => {
    feedback.clear()
    send.mutate(
      { type: values.type, subject: values.subject.trim() || defaultSubject, content: values.content.trim() },
      {
        onSuccess: (message) => {
          form.reset()
          onSent(message)
        },
        onError: (error) => {
          form.setErrors(serverFieldErrors(error))
          feedback.error(...sendFailure(t, error, 'vendor.messages.sendFailed'))
        },
      },
    )
  })

  return (
    <form onSubmit={submit} noValidate aria-labelledby="compose-title">
      <Stack gap="sm">
        <FocusHeading size="h3" id="compose-title" ref={headingRef}>
          {t('vendor.messages.compose.title')}
        </FocusHeading>
        <NativeSelect
          label={t('vendor.messages.compose.type')}
          data={messageTypes.map((type) => ({ value: type, label: t(`messages.types.${type}`) }))}
          {...field('type')}
        />
        <TextInput
          label={t('vendor.messages.compose.subject')}
          placeholder={defaultSubject}
          description={t('vendor.messages.compose.subjectHint')}
          {...field('subject', { max: textMax.messageSubject })}
        />
        <MessageSendFields
          label={t('vendor.messages.compose.content')}
          input={field('content')}
          rows={{ min: 6, max: 16 }}
          flash={feedback.flash}
          isPending={send.isPending}
          sendLabel={t('vendor.messages.compose.send')}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  )
}
