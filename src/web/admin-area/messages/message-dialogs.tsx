import { useEffect, useRef, useState } from 'react'
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text, VisuallyHidden } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconCornerUpLeft, IconInfoCircle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { limits } from '../../../shared/constants'
import type { MessageDto } from '../../../shared/schemas/message'
import { useMessageThread, useReplyToMessage } from '../../api/messages'
import { Conversation } from '../../components/conversation'
import { FlashAlert } from '../../components/flash-alert'
import { serverFieldErrors } from '../../components/form-errors'
import { LoadErrorAlert } from '../../components/load-error-alert'
import { MessageSendFields, useReplyForm } from '../../components/message-send-fields'
import { displaySubject } from '../../components/message-text'
import { useMarkReadWhenOpened } from '../../components/use-mark-read'
import { failureDetail, useFlashMessage } from '../../components/use-flash-message'
import { AnsweredStatus, SenderLines, isToTeam, partyName } from './message-list'

/** What the dialogs know of the open conversation: its messages (the opened one alone until it loads). */
type Shown = { messages: readonly MessageDto[]; isLoaded: boolean }

/**
 * The vendor the conversation is with: the sender of its first vendor message, else the recipient of the team's
 * reply (a reply always reaches the vendor).
 */
const vendorOf = (messages: readonly MessageDto[]) =>
  messages.find((message) => message.sender?.role === 'vendor')?.sender ??
  messages.find((message) => message.recipient)?.recipient ??
  null

/**
 * The details dialog of one message (admin §2), showing the conversation it belongs to, and, stacked over it,
 * the reply dialog. Opening the details marks the conversation's unread messages read for the whole team
 * (spec §4); a reply goes to the vendor as a support message, answering the conversation's latest message, and
 * the first admin to reply is named on the vendor's messages. Each dialog is named by its title and, when it
 * closes, hands focus back to the button that opened it: the row's Open button, or the details' Reply button.
 */
export function MessageDialogs({ message, onClose }: { message: MessageDto | null; onClose: () => void }) {
  const { t } = useTranslation()
  const isPhone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false })
  // The last message stays in the dialog while it fades out; another message starts without a reply open.
  const [shown, setShown] = useState(message)
  // The message a reply answers: the conversation's latest when Reply was pressed (one that arrives while the
  // reply is written has not been read, so the reply does not answer it).
  const [replyTo, setReplyTo] = useState<MessageDto | null>(null)
  // Back from the reply dialog, the details dialog (whose focus trap starts again) focuses Reply.
  const [hasReplyDialogOpened, setHasReplyDialogOpened] = useState(false)
  const sent = useFlashMessage()
  useFocusReturnToOpener(message !== null)
  if (message !== null && message !== shown) {
    // The list's live copy replaces the shown one (read now, say); another message starts afresh.
    if (message.id !== shown?.id) {
      setReplyTo(null)
      setHasReplyDialogOpened(false)
      sent.clear()
    }
    setShown(message)
  }
  const thread = useMessageThread(message?.id ?? null)
  // The conversation as it loaded, or (until it does, or if it fails) the opened message by itself.
  const conversation: Shown | null = shown
    ? thread.data && thread.data.items.some((item) => item.id === shown.id)
      ? { messages: thread.data.items, isLoaded: true }
      : { messages: [shown], isLoaded: false }
    : null
  useMarkReadWhenOpened(message === null ? null : conversation?.messages)
  const first = conversation?.messages[0]
  const last = conversation?.messages[conversation.messages.length - 1]
  const vendor = conversation ? vendorOf(conversation.messages) : null

  const close = () => {
    setReplyTo(null)
    sent.clear()
    onClose()
  }

  return (
    <Modal.Stack>
      <Modal
        stackId="message-details"
        opened={message !== null}
        onClose={close}
        title={first ? displaySubject(t, first.subject) : ''}
        closeButtonProps={{ 'aria-label': t('actions.close') }}
        size="lg"
        fullScreen={isPhone}
        returnFocus={false}
        styles={{ title: { overflowWrap: 'anywhere', fontWeight: 700 } }}
      >
        {shown && conversation && (
          <Stack gap="md">
            <Group gap="xs">
              <Badge variant="default">{t(`messages.types.${first!.type}`)}</Badge>
              {conversation.isLoaded && (
                <Text size="sm" c="dimmed">
                  {t('messages.conversation.count', { count: conversation.messages.length })}
                </Text>
              )}
            </Group>
            {thread.data?.hasEarlier && (
              <Text size="sm" c="dimmed">
                {t('messages.conversation.earlier', { count: limits.threadMessages })}
              </Text>
            )}
            <Conversation
              messages={conversation.messages}
              openedId={shown.id}
              label={t('messages.conversation.label')}
              from={(item) => <Party message={item} />}
              after={(item) => <AnsweredStatus message={item} withTime />}
            />
            {!conversation.isLoaded &&
              (thread.isError ? (
                <LoadErrorAlert title={t('admin.messages.details.conversationFailed')} query={thread} />
              ) : (
                <Group justify="center" role="status">
                  <Loader size="sm" aria-hidden />
                  <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
                </Group>
              ))}
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
                  setReplyTo(last ?? shown)
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
        target={
          replyTo && first
            ? {
                message: replyTo,
                subject: first.subject,
                vendorName: vendor ? partyName(vendor) : t('admin.messages.details.team'),
                answered: latestAnswer(conversation!.messages),
              }
            : null
        }
        onClose={() => setReplyTo(null)}
        onSent={() => {
          setReplyTo(null)
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

/** Who wrote a message of the conversation (name, e-mail, role) and to whom (the team, or the vendor). */
function Party({ message }: { message: MessageDto }) {
  const { t } = useTranslation()
  const { recipient } = message
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <SenderLines message={message} wrap="wrap" />
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('admin.messages.details.toWhom', {
          name: recipient ? partyName(recipient) : t('admin.messages.details.team'),
        })}
      </Text>
    </Stack>
  )
}

/**
 * The latest vendor message of the conversation, when the team already answered it: a second admin about to
 * reply is told who did, and when.
 */
const latestAnswer = (messages: readonly MessageDto[]) => {
  const latest = messages.findLast(isToTeam)
  return latest?.answeredAt ? latest : null
}

/**
 * The reply dialog, open while `message` is set. While the reply is on its way it cannot be dismissed.
 */
type ReplyTarget = {
  /** The message the reply answers: the conversation's latest. */
  message: MessageDto
  /** The conversation's subject. */
  subject: string
  vendorName: string
  /** The vendor's latest message, when an admin already answered it. */
  answered: MessageDto | null
}

function ReplyDialog({
  target,
  onClose,
  onSent,
}: {
  target: ReplyTarget | null
  onClose: () => void
  onSent: () => void
}) {
  const { t } = useTranslation()
  const reply = useReplyToMessage()
  const sender = target?.vendorName ?? ''
  return (
    <Modal
      stackId="message-reply"
      opened={target !== null}
      onClose={() => !reply.isPending && onClose()}
      title={t('admin.messages.replyDialog.title', { sender })}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      size="lg"
      styles={{ title: { overflowWrap: 'anywhere', fontWeight: 700 } }}
    >
      {target && (
        // A reply to another message starts empty.
        <ReplyForm
          key={target.message.id}
          target={target}
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
  target,
  sender,
  reply,
  onCancel,
  onSent,
}: {
  target: ReplyTarget
  sender: string
  reply: ReturnType<typeof useReplyToMessage>
  onCancel: () => void
  onSent: () => void
}) {
  const { t } = useTranslation()
  const failed = useFlashMessage()
  const { form, field } = useReplyForm()

  const submit = form.onSubmit(({ content }) => {
    failed.clear()
    reply.mutate(
      { id: target.message.id, content: content.trim() },
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
            {t('admin.messages.replyDialog.about', { subject: displaySubject(t, target.subject) })}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('admin.messages.replyDialog.hint', { sender })}
          </Text>
        </div>
        {target.answered && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
            <AnsweredStatus message={target.answered} withTime />
            <Text size="sm" mt={4}>
              {t('admin.messages.replyDialog.alreadyAnswered')}
            </Text>
          </Alert>
        )}
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
