import { Badge, Code, Stack, Text } from '@mantine/core'
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX, type TablerIcon } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { AuditAction } from '../../../shared/constants'
import type { AuditLogEntry } from '../../../shared/schemas/audit'
import { DataTable, DateCell, NameCell, type Column } from '../../components/data-table'
import { DateText } from '../../components/date-text'
import { ItemCard } from '../../components/item-card'
import { fieldName, fieldValue, tableName } from './audit-words'

// Shade 9: a light badge's text in its colour's default shade reads under WCAG AA's 4.5:1 on its own tint.
const actionLook: Record<AuditAction, { icon: TablerIcon; color: string }> = {
  create: { icon: IconPlus, color: 'blue.9' },
  update: { icon: IconPencil, color: 'orange.9' },
  delete: { icon: IconTrash, color: 'red.9' },
  approve: { icon: IconCheck, color: 'green.9' },
  reject: { icon: IconX, color: 'red.9' },
}

/** The action with its icon; the word is what a screen reader reads (the icon is decoration). */
export function ActionBadge({ action }: { action: AuditAction }) {
  const { t } = useTranslation()
  const { icon: Icon, color } = actionLook[action]
  return (
    <Badge
      variant="light"
      color={color}
      leftSection={<Icon size={14} aria-hidden />}
      style={{ flexShrink: 0 }}
    >
      {t(`admin.auditLogs.actions.${action}`)}
    </Badge>
  )
}

/** Who acted: their name, e-mail and role; the system when no user did. */
export function Actor({ entry, nameId }: { entry: AuditLogEntry; nameId?: string }) {
  const { t } = useTranslation()
  const { actor } = entry
  if (!actor) return <Text size="sm">{t('admin.auditLogs.system')}</Text>
  return (
    <NameCell
      id={nameId}
      miw={150}
      name={actor.fullName || actor.email}
      detail={
        <>
          {actor.email} · {t(`admin.auditLogs.roles.${actor.role}`)}
        </>
      }
    />
  )
}

/**
 * The table in words and the first 8 characters of the id (the whole id on hover and to a screen reader). A
 * long name ("Ibisobanuro by'ubwishyu byerekanywe") wraps; the id stays whole.
 */
function Target({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation()
  return (
    <Text size="sm">
      {tableName(t, entry.targetTable)}{' '}
      <Code title={entry.targetId} style={{ whiteSpace: 'nowrap' }}>
        {entry.targetId.slice(0, 8)}
      </Code>
    </Text>
  )
}

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? null
    : typeof value === 'string'
      ? value
      : JSON.stringify(value)

/**
 * The old and new values as a readable difference, in the reader's words: one line per field that changed
 * ('Status: Pending → Approved'); a field only one side has shows the other as empty. Fields that stayed the
 * same are left out.
 */
export function Changes({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation()
  const before = entry.oldValues ?? {}
  const after = entry.newValues ?? {}
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => shown(before[field]) !== shown(after[field]),
  )
  if (fields.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('admin.auditLogs.noChanges')}
      </Text>
    )
  const empty = t('admin.auditLogs.emptyValue')
  const valueOf = (field: string, value: unknown) => {
    const text = shown(value)
    if (text === null) return empty
    return typeof value === 'string' ? fieldValue(t, field, text) : text
  }
  return (
    <Stack gap={2} miw={170} maw={340}>
      {fields.map((field) => (
        <Text key={field} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {fieldName(t, field)}: {valueOf(field, before[field])} → {valueOf(field, after[field])}
        </Text>
      ))}
    </Stack>
  )
}

/** The request's client address and browser, the browser cut short (whole on hover). */
function Source({ entry }: { entry: AuditLogEntry }) {
  return (
    <Stack gap={0} maw={180}>
      <Text size="sm">{entry.ipAddress ?? '—'}</Text>
      {entry.userAgent && (
        <Text size="xs" c="dimmed" lineClamp={1} title={entry.userAgent}>
          {entry.userAgent}
        </Text>
      )}
    </Stack>
  )
}

/** The audit trail as a table on wide screens (admin §2: timestamp, user with role, action, target, values). */
export function AuditTable({ entries }: { entries: AuditLogEntry[] }) {
  const { t } = useTranslation()
  const columns: Column<AuditLogEntry>[] = [
    {
      label: t('admin.auditLogs.columns.time'),
      cell: (entry) => <DateCell value={entry.createdAt} withTime miw={120} />,
    },
    {
      label: t('admin.auditLogs.columns.user'),
      cell: (entry, nameId) => <Actor entry={entry} nameId={nameId} />,
    },
    {
      label: t('admin.auditLogs.columns.action'),
      cell: (entry) => <ActionBadge action={entry.action} />,
      nowrap: true,
      // The badge's word whole, never cut to its first letter by a squeezed column.
      miw: 130,
    },
    { label: t('admin.auditLogs.columns.target'), cell: (entry) => <Target entry={entry} /> },
    { label: t('admin.auditLogs.columns.changes'), cell: (entry) => <Changes entry={entry} /> },
    { label: t('admin.auditLogs.columns.source'), cell: (entry) => <Source entry={entry} /> },
  ]
  return (
    <DataTable
      label={t('admin.auditLogs.tableCaption')}
      columns={columns}
      items={entries}
      highlightOnHover={false}
    />
  )
}

/** One entry on a phone: when and what first, then who, the target, the changes and where it came from. */
export function AuditCard({ entry, nameId }: { entry: AuditLogEntry; nameId: string }) {
  const { t } = useTranslation()
  const when = (
    <Text fw={600} size="sm" id={nameId}>
      <DateText value={entry.createdAt} withTime />
    </Text>
  )
  const fields = [
    { label: t('admin.auditLogs.columns.user'), value: <Actor entry={entry} /> },
    { label: t('admin.auditLogs.columns.target'), value: <Target entry={entry} /> },
    { label: t('admin.auditLogs.columns.changes'), value: <Changes entry={entry} /> },
    { label: t('admin.auditLogs.columns.source'), value: <Source entry={entry} /> },
  ]
  return (
    <ItemCard
      item={entry}
      labelledBy={nameId}
      title={when}
      end={<ActionBadge action={entry.action} />}
      labelWidth={96}
      fields={fields}
    />
  )
}
