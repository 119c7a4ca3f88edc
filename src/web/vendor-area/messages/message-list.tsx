import { Badge, Group, Text } from '@mantine/core'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link, type To } from 'react-router'
import type { MessageDto } from '../../../shared/schemas/message'
import { useFormatDate } from '../../components/format-date'
import { displaySubject, messagePreview } from '../../components/message-text'
import classes from './messages.module.css'

/** Unread and addressed to the vendor: what the 'New' marker shows and what opening it marks read (spec §4). */
export const isUnreadForMe = (message: MessageDto) => !message.isOwn && message.readAt === null

/** Who wrote it: 'You', or the admin by name ('Isoko team' when the server names no one). */
export const senderName = (t: TFunction, message: MessageDto) =>
  message.isOwn ? t('vendor.messages.you') : (message.sender?.fullName ?? t('vendor.messages.team'))

/** Who it went to: a vendor's own messages go to the whole admin team (README: deliberate divergences). */
export const recipientName = (t: TFunction, message: MessageDto) =>
  message.isOwn ? (message.recipient?.fullName ?? t('vendor.messages.team')) : t('vendor.messages.you')

/**
 * The messages as a list of links (each opens its message in the other pane, and the address keeps it):
 * subject, preview, date, sender, type and the 'New' marker.
 */
export function MessageList({
  messages,
  selectedId,
  hrefFor,
}: {
  messages: MessageDto[]
  selectedId: string | null
  hrefFor: (id: string) => To
}) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  return (
    <ul className={classes.list} aria-labelledby="messages-list-title">
      {messages.map((message) => {
        const isUnread = isUnreadForMe(message)
        return (
          <li key={message.id} data-message-id={message.id}>
            <Link
              to={hrefFor(message.id)}
              className={classes.item}
              aria-current={message.id === selectedId ? 'true' : undefined}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={isUnread ? 700 : 500} size="sm" truncate="end" style={{ minWidth: 0 }}>
                  {displaySubject(t, message.subject)}
                </Text>
                {isUnread && (
                  <Badge size="xs" variant="filled" color="cyan.9" style={{ flexShrink: 0 }}>
                    {t('vendor.messages.new')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {messagePreview(message.content)}
              </Text>
              <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text size="xs" fw={500} truncate="end">
                    {senderName(t, message)}
                  </Text>
                  <Badge size="xs" variant="default" style={{ flexShrink: 0 }}>
                    {t(`messages.types.${message.type}`)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  <time dateTime={message.createdAt}>{formatDate(message.createdAt)}</time>
                </Text>
              </Group>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
