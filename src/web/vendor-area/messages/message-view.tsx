import type { Ref } from 'react'
import { Anchor, Badge, Divider, Group, List, Stack, Text, Title } from '@mantine/core'
import { IconCornerUpLeft } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, type To } from 'react-router'
import type { MessageDto } from '../../../shared/schemas/message'
import { useFormatDateTime } from '../../components/format-date-time'
import { displaySubject } from '../../components/message-text'
import { useMarkReadWhenOpened } from '../../components/use-mark-read'
import { recipientName, senderName } from './message-list'
import classes from './messages.module.css'
import { FieldList } from '../../components/field-list'
import { FocusHeading } from '../../components/focus-heading'

/**
 * One message in full. Opening an unread message addressed to the vendor marks it read (spec §4), once: the
 * list refreshes and its 'New' marker goes. A reply links to the message it answers; a message the team answered
 * lists the replies found in the loaded list.
 */
export function MessageView({
  message,
  loaded,
  hrefFor,
  headingRef,
}: {
  message: MessageDto
  /** The loaded list, to name the original of a reply and to find the replies to this one. */
  loaded: MessageDto[]
  hrefFor: (id: string) => To
  /** The subject heading, focused when the pane opens on a phone. */
  headingRef?: Ref<HTMLHeadingElement>
}) {
  const { t } = useTranslation()
  const formatDateTime = useFormatDateTime()
  useMarkReadWhenOpened(message)

  const original = message.replyToId ? loaded.find((item) => item.id === message.replyToId) : undefined
  const replies = loaded.filter((item) => item.replyToId === message.id)

  return (
    <Stack gap="md">
      <div>
        <FocusHeading size="h3" ref={headingRef}>
          <span style={{ overflowWrap: 'anywhere' }}>{displaySubject(t, message.subject)}</span>
        </FocusHeading>
        <Group gap="xs" mt="xs">
          <Badge variant="default">{t(`messages.types.${message.type}`)}</Badge>
        </Group>
      </div>

      <FieldList
        labelWidth={90}
        gap={4}
        fields={[
          { label: t('vendor.messages.from'), value: senderName(t, message) },
          { label: t('vendor.messages.to'), value: recipientName(t, message) },
          {
            label: t('vendor.messages.sentAt'),
            value: <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>,
          },
        ]}
      />

      {message.replyToId && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconCornerUpLeft size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">
            {t('vendor.messages.inReplyTo')}{' '}
            <Anchor component={Link} to={hrefFor(message.replyToId)} inherit fw={600}>
              {original ? displaySubject(t, original.subject) : t('vendor.messages.originalMessage')}
            </Anchor>
          </Text>
        </Group>
      )}

      <Divider />
      <Text className={classes.content}>{message.content}</Text>

      {replies.length > 0 && (
        <>
          <Divider />
          <section aria-labelledby="message-replies">
            <Title order={3} size="h5" id="message-replies" mb="xs">
              {t('vendor.messages.replies')}
            </Title>
            <List spacing={4} size="sm">
              {replies.map((reply) => (
                <List.Item key={reply.id}>
                  <Anchor component={Link} to={hrefFor(reply.id)} inherit>
                    {displaySubject(t, reply.subject)}
                  </Anchor>{' '}
                  <Text span size="xs" c="dimmed">
                    {senderName(t, reply)} · {formatDateTime(reply.createdAt)}
                  </Text>
                </List.Item>
              ))}
            </List>
          </section>
        </>
      )}
    </Stack>
  )
}
