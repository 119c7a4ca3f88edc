import type { ReactNode } from 'react'
import { Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { MessageDto } from '../../shared/schemas/message'
import { useFormatDateTime } from './format-date-time'
import classes from './conversation.module.css'

/**
 * A conversation, oldest first, as both areas show it: one card a message with who wrote it (`from`, each area's
 * own words), when, and what; the message that was opened is marked (`aria-current`), and an area may add a line
 * under a message (`after`: whether the team answered it). A list, so a screen reader says how many there are.
 */
export function Conversation({
  messages,
  openedId,
  label,
  from,
  after,
}: {
  messages: readonly MessageDto[]
  openedId: string
  /** What the list is called for a screen reader. */
  label: string
  from: (message: MessageDto) => ReactNode
  after?: (message: MessageDto) => ReactNode
}) {
  const { t } = useTranslation()
  const formatDateTime = useFormatDateTime()
  return (
    <ol className={classes.list} aria-label={label}>
      {messages.map((message) => (
        <li
          key={message.id}
          className={classes.message}
          data-own={message.isOwn}
          aria-current={message.id === openedId ? 'true' : undefined}
        >
          <Stack gap={4}>
            <Group justify="space-between" gap={6} wrap="wrap" align="baseline">
              <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
                {from(message)}
              </Group>
              <Text size="xs" c="dimmed">
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </Text>
            </Group>
            {message.id === openedId && messages.length > 1 && (
              <Text size="xs" c="dimmed" fw={600}>
                {t('messages.conversation.opened')}
              </Text>
            )}
            <Text size="sm" className={classes.content}>
              {message.content}
            </Text>
            {after?.(message)}
          </Stack>
        </li>
      ))}
    </ol>
  )
}
