import { useId, type Ref } from 'react'
import {
  Badge,
  Button,
  EmptyState,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  VisuallyHidden,
} from '@mantine/core'
import { IconMailOff, IconSend } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { limits, textMax } from '../../../shared/constants'
import { ApiError } from '../../api/client'
import { useMessageThread, useVendorReply } from '../../api/messages'
import { Conversation } from '../../components/conversation'
import { FlashAlert } from '../../components/flash-alert'
import { FocusHeading } from '../../components/focus-heading'
import { serverFieldErrors } from '../../components/form-errors'
import { LoadErrorAlert } from '../../components/load-error-alert'
import { sendFailure, useReplyForm } from '../../components/message-send-fields'
import { displaySubject } from '../../components/message-text'
import { useMarkReadWhenOpened } from '../../components/use-mark-read'
import { useFlashMessage } from '../../components/use-flash-message'
import { senderName } from './message-list'
import classes from './messages.module.css'

/**
 * The conversation the opened message belongs to: its first message and every reply, oldest first, with a
 * reply form under it. Opening it marks the vendor's unread messages in it read (spec §4); a reply from the
 * team that arrives while it is open appears in it. A message that is not the vendor's is not found.
 */
export function ConversationView({
  id,
  headingRef,
}: {
  id: string
  /** The subject heading, focused when the pane opens on a phone. */
  headingRef?: Ref<HTMLHeadingElement>
}) {
  const { t } = useTranslation()
  const thread = useMessageThread(id)
  useMarkReadWhenOpened(thread.data?.items)

  if (thread.isPending) {
    return (
      <Group justify="center" py="xl" role="status">
        <Loader size="sm" aria-hidden />
        <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      </Group>
    )
  }
  if (thread.isError && !thread.data) {
    if (thread.error instanceof ApiError && thread.error.status === 404) {
      return (
        <EmptyState icon={<IconMailOff size={28} aria-hidden />} withIndicatorBackground size="sm" py="md">
          <EmptyState.Title order={2} ref={headingRef} tabIndex={-1} className={classes.focusTarget}>
            {t('vendor.messages.notFound')}
          </EmptyState.Title>
        </EmptyState>
      )
    }
    return <LoadErrorAlert title={t('vendor.messages.conversation.loadFailed')} query={thread} />
  }

  const { items, hasEarlier } = thread.data
  const first = items[0]!
  const last = items[items.length - 1]!
  return (
    <Stack gap="md">
      <div>
        <FocusHeading size="h3" ref={headingRef}>
          <span style={{ overflowWrap: 'anywhere' }}>{displaySubject(t, first.subject)}</span>
        </FocusHeading>
        <Group gap="xs" mt="xs">
          <Badge variant="default">{t(`messages.types.${first.type}`)}</Badge>
          <Text size="sm" c="dimmed">
            {t('messages.conversation.count', { count: items.length })}
          </Text>
        </Group>
      </div>
      {hasEarlier && (
        <Text size="sm" c="dimmed">
          {t('messages.conversation.earlier', { count: limits.threadMessages })}
        </Text>
      )}
      <Conversation
        messages={items}
        openedId={id}
        label={t('messages.conversation.label')}
        from={(message) => (
          <Text size="sm" fw={600}>
            {senderName(t, message)}
          </Text>
        )}
      />
      {/* Another conversation starts with an empty reply. */}
      <ReplyForm key={first.id} replyTo={last.id} />
    </Stack>
  )
}

/**
 * A reply in the conversation, to the Isoko team, answering its latest message: required, at most 5,000
 * characters (the server's rule, so the same words refuse it here). A failure keeps what was written.
 */
function ReplyForm({ replyTo }: { replyTo: string }) {
  const { t } = useTranslation()
  const titleId = useId()
  const reply = useVendorReply()
  const feedback = useFlashMessage()
  const { form, field } = useReplyForm()

  const submit = form.onSubmit(({ content }) => {
    feedback.clear()
    reply.mutate(
      { id: replyTo, content: content.trim() },
      {
        onSuccess: () => {
          form.reset()
          feedback.success(t('vendor.messages.reply.sent'))
        },
        onError: (error) => {
          form.setErrors(serverFieldErrors(error))
          feedback.error(...sendFailure(t, error, 'vendor.messages.reply.failed'))
        },
      },
    )
  })

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <Stack gap="sm">
        <VisuallyHidden id={titleId}>{t('vendor.messages.reply.title')}</VisuallyHidden>
        <Textarea
          label={t('vendor.messages.reply.label')}
          description={t('vendor.messages.reply.hint')}
          required
          autosize
          minRows={3}
          maxRows={10}
          {...field('content', { max: textMax.messageContent })}
        />
        <FlashAlert flash={feedback.flash} />
        <Group justify="flex-end">
          <Button type="submit" loading={reply.isPending} leftSection={<IconSend size={18} aria-hidden />}>
            {t('vendor.messages.reply.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
