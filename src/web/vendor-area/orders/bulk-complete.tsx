import { Text } from '@mantine/core'
import { IconChecks } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { BusyButton } from '../../components/busy-button'
import { ConfirmModal, type ConfirmActions } from '../../components/confirm-modal'
import { SelectionBar } from '../../components/selection-bar'
import { useLastShown } from '../../components/use-last-shown'

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
    <SelectionBar texts="vendor.orders.bulk" count={count} isCountAnnounced isBusy={isBusy} onClear={onClear}>
      <BusyButton
        size="sm"
        leftSection={<IconChecks size={16} aria-hidden />}
        isBusy={isBusy}
        onClick={onComplete}
      >
        {t('vendor.orders.bulk.complete')}
      </BusyButton>
    </SelectionBar>
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
  const last = useLastShown(subject)
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
