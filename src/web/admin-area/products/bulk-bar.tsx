import { Group, Paper, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { BusyButton } from '../../components/busy-button'
import { DecisionButton, decisionOrder } from '../../components/decision-buttons'
import type { DecisionStatus } from './use-product-decisions'

/**
 * What can be done with the selected products (admin §2: select all and per-row selection): approve or reject
 * them all. Shown only while something is selected; while a decision on them runs, its buttons ignore clicks.
 */
export function BulkBar({
  count,
  isBusy,
  onDecide,
  onClear,
}: {
  count: number
  isBusy: boolean
  onDecide: (status: DecisionStatus) => void
  onClear: () => void
}) {
  const { t } = useTranslation()
  return (
    <Paper
      component="section"
      aria-label={t('admin.products.bulk.label')}
      withBorder
      radius="md"
      p="sm"
      bg="var(--mantine-primary-color-light)"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={600} size="sm">
          {t('admin.products.bulk.selected', { count })}
        </Text>
        <Group gap="xs" wrap="wrap">
          {decisionOrder.map((decision) => (
            <DecisionButton
              key={decision}
              decision={decision}
              size="sm"
              // The outlined Reject keeps the page's background on the tinted bar.
              bg={decision === 'rejected' ? 'var(--mantine-color-body)' : undefined}
              isBusy={isBusy}
              onClick={() => onDecide(decision)}
            >
              {decision === 'approved' ? t('admin.products.bulk.approve') : t('admin.products.bulk.reject')}
            </DecisionButton>
          ))}
          <BusyButton size="sm" variant="default" isBusy={isBusy} onClick={onClear}>
            {t('admin.products.bulk.clear')}
          </BusyButton>
        </Group>
      </Group>
    </Paper>
  )
}
