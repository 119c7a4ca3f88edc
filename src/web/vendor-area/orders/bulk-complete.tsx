import { useState } from 'react'
import { Group, Paper, Text } from '@mantine/core'
import { IconChecks } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { BusyButton } from '../../components/busy-button'
import { ConfirmModal, type ConfirmActions } from '../../components/confirm-modal'

/**
 * What can be done with the selected orders: mark them all completed (asked first), or clear the selection.
 * Shown only while something is selected; while the change runs, its buttons ignore clicks.
 */
export function BulkCompleteBar({
  count,
  isBusy,
  onComplete,
  onClear,
}: {
  count: number
  isBusy: boolean
  onComplete: () => void
  onClear: () => void
}) {
  const { t } = useTranslation()
  return (
    <Paper
      component="section"
      aria-label={t('vendor.orders.bulk.label')}
      withBorder
      radius="md"
      p="sm"
      bg="var(--mantine-primary-color-light)"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={600} size="sm" aria-live="polite">
          {t('vendor.orders.bulk.selected', { count })}
        </Text>
        <Group gap="xs" wrap="wrap">
          <BusyButton
            size="sm"
            leftSection={<IconChecks size={16} aria-hidden />}
            isBusy={isBusy}
            onClick={onComplete}
          >
            {t('vendor.orders.bulk.complete')}
          </BusyButton>
          <BusyButton size="sm" variant="default" isBusy={isBusy} onClick={onClear}>
            {t('vendor.orders.bulk.clear')}
          </BusyButton>
        </Group>
      </Group>
    </Paper>
  )
}

/** The selected orders' ids, while the dialog asks about them. */
export type BulkCompleteSubject = { ids: string[] }

/** Asks before marking the selected orders completed, naming how many: it moves them into the balance. */
export function BulkCompleteDialog({
  subject,
  ...actions
}: { subject: BulkCompleteSubject | null } & ConfirmActions<BulkCompleteSubject>) {
  const { t } = useTranslation()
  // The title keeps the last count while the dialog fades out.
  const [last, setLast] = useState(subject)
  if (subject !== null && subject !== last) setLast(subject)
  const count = last?.ids.length ?? 0
  return (
    <ConfirmModal
      subject={subject}
      title={t('vendor.orders.bulk.confirmTitle', { count })}
      confirmLabel={t('vendor.orders.bulk.confirm', { count })}
      {...actions}
    >
      {(shown) => <Text>{t('vendor.orders.bulk.confirmBody', { count: shown.ids.length })}</Text>}
    </ConfirmModal>
  )
}
