import { useState } from 'react'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { PayoutDto } from '../../../shared/schemas/payout'
import { useFormatDate } from '../../components/format-date'

/** A receipt can be confirmed once (spec §4), so the vendor is asked first. */
export function ConfirmReceiptModal({
  payout,
  isPending,
  onConfirm,
  onClose,
}: {
  payout: PayoutDto | null
  isPending: boolean
  onConfirm: (payout: PayoutDto) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  // The last payout asked about stays in the dialog while it fades out.
  const [shown, setShown] = useState(payout)
  if (payout && payout !== shown) setShown(payout)
  return (
    <Modal
      opened={payout !== null}
      onClose={() => !isPending && onClose()}
      title={t('payouts.confirmTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      {shown && (
        <Stack gap="lg">
          <Text>
            {t('payouts.confirmBody', {
              amount: formatRwf(shown.amount),
              date: formatDate(shown.requestedAt),
            })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isPending}>
              {t('payouts.cancel')}
            </Button>
            <Button onClick={() => onConfirm(shown)} loading={isPending}>
              {t('payouts.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
