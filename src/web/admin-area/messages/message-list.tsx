import { Badge, Box, Button, Group, Text } from '@mantine/core'
import { IconCircleCheck, IconClockHour4, IconMail, IconMailOpened } from '@tabler/icons-react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { Role } from '../../../shared/constants'
import type { MessageDto } from '../../../shared/schemas/message'
import { DataTable, DateCell, type Column } from '../../components/data-table'
import { DateText } from '../../components/date-text'
import { IconButton } from '../../components/icon-button'
import { ItemCard } from '../../components/item-card'
import { displaySubject, messagePreview } from '../../components/message-text'

type Party = NonNullable<MessageDto['sender']>

/** Who a party is, as a list names them: their name, else their e-mail (admin §2). */
export const partyName = (party: Party) => party.fullName.trim() || party.email

/** Who wrote it; the sender is always known to an admin (null would only mean the team, for a vendor). */
export const senderName = (t: TFunction, message: MessageDto) =>
  message.sender ? partyName(message.sender) : t('admin.messages.details.team')

const roleColor: Partial<Record<Role, string>> = { admin: 'grape.9', vendor: 'cyan.9' }

/** The sender's role: admin and vendor as badges, any other role as a plain label (admin §6). */
export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation()
  const color = roleColor[role]
  if (!color)
    return (
      <Text span size="xs" c="dimmed">
        {role}
      </Text>
    )
  return (
    <Badge size="sm" variant="outline" color={color} style={{ flexShrink: 0 }}>
      {t(`admin.messages.roles.${role}`)}
    </Badge>
  )
}

/** The 'New' marker of a message unread by the admin team. */
export function NewBadge() {
  const { t } = useTranslation()
  return (
    <Badge size="sm" variant="filled" color="red.8" style={{ flexShrink: 0 }}>
      {t('admin.messages.new')}
    </Badge>
  )
}

/** A message to the admin team (from a vendor), the kind an admin answers; the team's own replies are not. */
export const isToTeam = (message: MessageDto) =>
  message.recipient === null && message.sender?.role !== 'admin'

/**
 * Whether the team answered a vendor's message, and who did first ('Answered by Aline', with when in a
 * conversation), or 'Not answered': so two admins do not both answer. Nothing for the team's own replies.
 */
export function AnsweredStatus({ message, withTime = false }: { message: MessageDto; withTime?: boolean }) {
  const { t } = useTranslation()
  if (!isToTeam(message)) return null
  // No name: that admin's account is gone, the answer stands.
  const answerer = message.answeredBy?.fullName.trim()
  if (message.answeredAt === null) {
    return (
      <Group gap={4} wrap="nowrap">
        <IconClockHour4
          size={14}
          aria-hidden
          style={{ flexShrink: 0 }}
          color="var(--mantine-color-orange-9)"
        />
        <Text size="xs" fw={600} c="orange.9">
          {t('admin.messages.notAnswered')}
        </Text>
      </Group>
    )
  }
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <IconCircleCheck
        size={14}
        aria-hidden
        style={{ flexShrink: 0, marginTop: 2 }}
        color="var(--mantine-color-green-9)"
      />
      <Text size="xs" fw={600} c="green.9" style={{ overflowWrap: 'anywhere' }}>
        {answerer ? t('admin.messages.answeredBy', { name: answerer }) : t('admin.messages.answered')}
        {withTime && (
          <>
            {' · '}
            <DateText value={message.answeredAt} withTime />
          </>
        )}
      </Text>
    </Group>
  )
}

/** The sender's name in a list's row or card, beside the subject. */
function Sender({ message, nameId }: { message: MessageDto; nameId?: string }) {
  return (
    <Box miw={160} maw={260}>
      <SenderLines message={message} nameId={nameId} isBold={message.isUnread} wrap="nowrap" />
    </Box>
  )
}

/**
 * The sender's name (or e-mail) with their role, and the e-mail under it when a name stands above. In a narrow
 * column (`nowrap`) the role stays beside the name and the name wraps instead.
 */
export function SenderLines({
  message,
  nameId,
  isBold = false,
  wrap,
}: {
  message: MessageDto
  nameId?: string
  isBold?: boolean
  wrap: 'wrap' | 'nowrap'
}) {
  const { t } = useTranslation()
  const { sender } = message
  const name = senderName(t, message)
  return (
    <>
      <Group gap={6} wrap={wrap} align="center">
        <Text fw={isBold ? 700 : 600} size="sm" id={nameId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {name}
        </Text>
        {sender && <RoleBadge role={sender.role} />}
      </Group>
      {sender && sender.email !== name && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {sender.email}
        </Text>
      )}
    </>
  )
}

/** The subject (bold while unread, with 'New' unless the card shows it) and one or two lines of the message. */
function Summary({ message, miw, withNew }: { message: MessageDto; miw?: number; withNew: boolean }) {
  const { t } = useTranslation()
  return (
    <Box miw={miw}>
      <Group gap={6} wrap="nowrap" align="center">
        <Text fw={message.isUnread ? 700 : 500} size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {displaySubject(t, message.subject)}
        </Text>
        {withNew && message.isUnread && <NewBadge />}
      </Group>
      <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {messagePreview(message.content)}
      </Text>
      <AnsweredStatus message={message} />
    </Box>
  )
}

type OpenProps = { onOpen: (message: MessageDto) => void }

/** What a button that opens a message reads to a screen reader: whose message and its subject. */
const openLabel = (t: TFunction, message: MessageDto) =>
  t('admin.messages.openLabel', {
    sender: senderName(t, message),
    subject: displaySubject(t, message.subject),
  })

/** From 1100 px: one row per message, newest first. */
export function MessageTable({ messages, onOpen }: { messages: MessageDto[] } & OpenProps) {
  const { t } = useTranslation()
  const columns: Column<MessageDto>[] = [
    {
      label: t('admin.messages.columns.sender'),
      cell: (message, nameId) => <Sender message={message} nameId={nameId} />,
    },
    {
      label: t('admin.messages.columns.message'),
      cell: (message) => <Summary message={message} miw={220} withNew />,
    },
    {
      label: t('admin.messages.details.type'),
      cell: (message) => <Text size="sm">{t(`messages.types.${message.type}`)}</Text>,
    },
    {
      label: t('admin.messages.columns.date'),
      miw: 130,
      cell: (message) => <DateCell value={message.createdAt} withTime />,
    },
    {
      label: t('fields.actions'),
      nowrap: true,
      cell: (message) => (
        <IconButton
          variant={message.isUnread ? 'light' : 'subtle'}
          color={message.isUnread ? undefined : 'gray'}
          label={openLabel(t, message)}
          tooltip={t('admin.messages.open')}
          icon={message.isUnread ? IconMail : IconMailOpened}
          onClick={() => onOpen(message)}
        />
      ),
    },
  ]
  return <DataTable label={t('admin.messages.tableCaption')} columns={columns} items={messages} />
}

/** Below 1100 px: one card per message, the sender first, then the subject and the first lines. */
export function MessageCard({
  message,
  nameId,
  onOpen,
}: { message: MessageDto; nameId: string } & OpenProps) {
  const { t } = useTranslation()
  return (
    <ItemCard
      item={message}
      labelledBy={nameId}
      title={<Sender message={message} nameId={nameId} />}
      end={message.isUnread ? <NewBadge /> : undefined}
      labelWidth={96}
      fields={[
        { label: t('admin.messages.columns.message'), value: <Summary message={message} withNew={false} /> },
        { label: t('admin.messages.details.type'), value: t(`messages.types.${message.type}`) },
        {
          label: t('admin.messages.columns.date'),
          value: <DateText value={message.createdAt} withTime />,
        },
      ]}
      actions={
        <Button
          variant={message.isUnread ? 'light' : 'default'}
          size="xs"
          fullWidth
          aria-label={openLabel(t, message)}
          leftSection={<IconMailOpened size={16} aria-hidden />}
          onClick={() => onOpen(message)}
        >
          {t('admin.messages.open')}
        </Button>
      }
    />
  )
}
