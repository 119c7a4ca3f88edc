import { useEffect, useRef, useState } from 'react'
import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useMediaQuery } from '@mantine/hooks'
import { IconCornerUpLeft } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { replyMessageInput, type MessageDto } from '../../../shared/schemas/message'
import { useReplyToMessage } from '../../api/messages'
import { FieldList } from '../../components/field-list'
import { FlashAlert } from '../../components/flash-alert'
import { serverFieldErrors, useFieldProps } from '../../components/form-errors'
import { DateText } from '../../components/date-text'
import { MessageSendFields } from '../../components/message-send-fields'
import { displaySubject } from '../../components/message-text'
import { useMarkReadWhenOpened } from '../../components/use-mark-read'
import { failureDetail, useFlashMessage } from '../../components/use-flash-message'
import { RoleBadge, partyName, senderName } from './message-list'

/**
 * The details dialog of one message (admin §2) and, stacked over it, the reply dialog. Opening the details
 * marks an unread message read for the whole team (spec §4); the reply goes to the sender as a support
 * message. Each dialog is named by its title and, when it closes, hands focus back to the button that opened
 * it: the row's Open button, or the details' Reply button.
 */
export function MessageDialogs({ message, onClose }: { message: MessageDto | null; onClose: () => void }) {
  const { t } = useTranslation()
  const isPhone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false })
  // The last message stays in the dialog while it fades out; another message starts without a reply open.
  const [shown, setShown] = useState(message)
  const [isReplying, setIsReplying] = useState(false)
  // Back from the reply dialog, the details dialog (whose focus trap starts again) focuses Reply.
  const [hasReplyDialogOpened, setHasReplyDialogOpened] = useState(false)
  const sent = useFlashMessage()
  useFocusReturnToOpener(message !== null)
  if (message !== null && message !== shown) {
    // The list's live copy replaces the shown one (read now, say); another message starts afresh.
    if (message.id !== shown?.id) {
      setIsReplying(false)
      setHasReplyDialogOpened(false)
      sent.clear()
    }
    setShown(message)
  }
  useMarkReadWhenOpened(message)

  const close = () => {
    setIsReplying(false)
    sent.clear()
    onClose()
  }

  return (
    <Modal.Stack>
      <Modal
        stackId="message-details"
        opened={message !== null}
        onClose={close}
        title={shown ? displaySubject(t, shown.subject) : ''}
        closeButtonProps={{ 'aria-label': t('actions.close') }}
        size="lg"
        fullScreen={isPhone}
        returnFocus={false}
        styles={{ title: { overflowWrap: 'anywhere', fontWeight: 700 } }}
      >
        {shown && (
          <Stack gap="md">
            <MessageFields message={shown} />
            <Divider />
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{shown.content}</Text>
            <FlashAlert flash={sent.flash} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('actions.close')}
              </Button>
              <Button
                leftSection={<IconCornerUpLeft size={18} aria-hidden />}
                data-autofocus={hasReplyDialogOpened || undefined}
                onClick={() => {
                  sent.clear()
                  setIsReplying(true)
                  setHasReplyDialogOpened(true)
                }}
              >
                {t('admin.messages.details.reply')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ReplyDialog
        message={isReplying ? shown : null}
        onClose={() => setIsReplying(false)}
        onSent={() => {
          setIsReplying(false)
          sent.success(t('admin.messages.details.replySent'))
        }}
      />
    </Modal.Stack>
  )
}

/**
 * Hands focus back to what opened the details dialog (the row's Open button) when it closes. Mantine's own
 * return is left off for it: in a stack, the reply dialog opening over it makes Mantine note Reply as the
 * element to return to, which is gone with the dialog.
 */
function useFocusReturnToOpener(isOpen: boolean) {
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (isOpen) {
      // Before the dialog's focus trap moves focus (it waits a tick).
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      return
    }
    const target = opener.current
    opener.current = null
    if (!target) return
    const timer = window.setTimeout(() => {
      if (target.isConnected) target.focus({ preventScroll: true })
    }, 20)
    return () => window.clearTimeout(timer)
  }, [isOpen])
}

/** From whom, to whom (the team, for a vendor's message), its type and when it was sent. */
function MessageFields({ message }: { message: MessageDto }) {
  const { t } = useTranslation()
  const { sender, recipient } = message
  return (
    <FieldList
      labelWidth={90}
      gap={6}
      fields={[
        {
          label: t('admin.messages.details.from'),
          value: (
            <Group gap={6}>
              <span>{senderName(t, message)}</span>
              {sender && sender.email !== senderName(t, message) && (
                <Text span size="sm" c="dimmed">
                  {sender.email}
                </Text>
              )}
              {sender && <RoleBadge role={sender.role} />}
            </Group>
          ),
        },
        {
          label: t('admin.messages.details.to'),
          value: recipient ? (
            <Group gap={6}>
              <span>{partyName(recipient)}</span>
              <RoleBadge role={recipient.role} />
            </Group>
          ) : (
            t('admin.messages.details.team')
          ),
        },
        { label: t('admin.messages.details.type'), value: t(`messages.types.${message.type}`) },
        { label: t('admin.messages.details.sent'), value: <DateText value={message.createdAt} withTime /> },
      ]}
    />
  )
}

/**
 * The reply dialog, open while `message` is set. While the reply is on its way it cannot be dismissed.
 */
function ReplyDialog({
  message,
  onClose,
  onSent,
}: {
  message: MessageDto | null
  onClose: () => void
  onSent: () => void
}) {
  const { t } = useTranslation()
  const reply = useReplyToMessage()
  const sender = message ? senderName(t, message) : ''
  return (
    <Modal
      stackId="message-reply"
      opened={message !== null}
      onClose={() => !reply.isPending && onClose()}
      title={t('admin.messages.replyDialog.title', { sender })}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      size="lg"
      styles={{ title: { overflowWrap: 'anywhere', fontWeight: 700 } }}
    >
      {message && (
        // A reply to another message starts empty.
        <ReplyForm
          key={message.id}
          message={message}
          sender={sender}
          reply={reply}
          onCancel={onClose}
          onSent={onSent}
        />
      )}
    </Modal>
  )
}

/**
 * One required message, checked by the server's own rule (not blank, at most 5,000 characters), so an empty
 * reply is refused here with the same words. A failure keeps what was written and says why.
 */
function ReplyForm({
  message,
  sender,
  reply,
  onCancel,
  onSent,
}: {
  message: MessageDto
  sender: string
  reply: ReturnType<typeof useReplyToMessage>
  onCancel: () => void
  onSent: () => void
}) {
  const { t } = useTranslation()
  const failed = useFlashMessage()
  const form = useForm({
    initialValues: { content: '' },
    validate: schemaResolver(replyMessageInput, { sync: true }),
  })
  const field = useFieldProps(form)

  const submit = form.onSubmit(({ content }) => {
    failed.clear()
    reply.mutate(
      { id: message.id, content: content.trim() },
      {
        onSuccess: onSent,
        onError: (error) => {
          form.setErrors(serverFieldErrors(error))
          failed.error(t('admin.messages.replyDialog.failed'), failureDetail(t, error))
        },
      },
    )
  })

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {t('admin.messages.replyDialog.about', { subject: displaySubject(t, message.subject) })}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('admin.messages.replyDialog.hint', { sender })}
          </Text>
        </div>
        <MessageSendFields
          label={t('admin.messages.replyDialog.content')}
          input={field('content')}
          isFirstInDialog
          rows={{ min: 5, max: 14 }}
          flash={failed.flash}
          isPending={reply.isPending}
          sendLabel={t('admin.messages.replyDialog.send')}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  )
}
