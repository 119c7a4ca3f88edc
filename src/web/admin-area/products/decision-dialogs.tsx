import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { ConfirmModal, type ConfirmActions } from '../../components/confirm-modal'
import { ReasonDialog } from '../../components/reason-dialog'
import { useLastShown } from '../../components/use-last-shown'
import type { DecisionStatus } from './use-product-decisions'

export type BulkSubject = { ids: string[]; status: DecisionStatus }

/**
 * Asks before deciding every selected product at once: an approval is confirmed as it is, a rejection gives one
 * reason for them all, which each vendor reads.
 */
export function BulkDecisionDialog({
  subject,
  isPending,
  onConfirm,
  onClose,
}: { subject: BulkSubject | null } & ConfirmActions<BulkSubject, [reason: string]>) {
  const { t } = useTranslation()
  // The approval's title keeps the last count while the dialog fades out.
  const last = useLastShown(subject)
  const count = last?.ids.length ?? 0
  return (
    <>
      <ReasonDialog
        subject={subject?.status === 'rejected' ? subject : null}
        title={t('admin.products.bulk.rejectTitle', { count })}
        body={(shown) => t('admin.products.bulk.rejectBody', { count: shown.ids.length })}
        confirmLabel={t('admin.products.bulk.reject')}
        isReasonRequired
        isPending={isPending}
        onConfirm={onConfirm}
        onClose={onClose}
      />
      <ConfirmModal
        subject={subject?.status === 'approved' ? subject : null}
        title={t('admin.products.bulk.approveTitle', { count })}
        confirmLabel={t('admin.products.bulk.approve')}
        color="green.9"
        isPending={isPending}
        onConfirm={(shown) => onConfirm(shown, '')}
        onClose={onClose}
      >
        {(shown) => <Text>{t('admin.products.bulk.approveBody', { count: shown.ids.length })}</Text>}
      </ConfirmModal>
    </>
  )
}
