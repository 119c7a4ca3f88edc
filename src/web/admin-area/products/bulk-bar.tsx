import { useTranslation } from 'react-i18next'
import { DecisionButton, decisionOrder } from '../../components/decision-buttons'
import { SelectionBar } from '../../components/selection-bar'
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
    <SelectionBar texts="admin.products.bulk" count={count} isBusy={isBusy} onClear={onClear}>
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
    </SelectionBar>
  )
}
