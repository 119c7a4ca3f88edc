import { IconCircleCheck, IconCircleX, IconClockDollar, IconReceipt2 } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { AdminPayoutSummary } from '../../../shared/schemas/payout'
import { Money } from '../../components/money'
import { StatGrid } from '../../components/stat-card'

/** Four cards over every payout, whatever the search (spec §2): pending, approved, rejected amounts; the count. */
export function PayoutSummaryCards({ summary }: { summary: AdminPayoutSummary | undefined }) {
  const { t } = useTranslation()
  const stats = summary && [
    {
      key: 'pending',
      label: t('admin.payouts.summary.pending'),
      value: <Money amount={summary.pendingAmount} />,
      hint: t('admin.payouts.summary.pendingHint'),
      icon: IconClockDollar,
      color: 'orange',
    },
    {
      key: 'approved',
      label: t('admin.payouts.summary.approved'),
      value: <Money amount={summary.approvedAmount} />,
      hint: t('admin.payouts.summary.approvedHint'),
      icon: IconCircleCheck,
      color: 'green',
    },
    {
      key: 'rejected',
      label: t('admin.payouts.summary.rejected'),
      value: <Money amount={summary.rejectedAmount} />,
      hint: t('admin.payouts.summary.rejectedHint'),
      icon: IconCircleX,
      color: 'red',
    },
    {
      key: 'count',
      label: t('admin.payouts.summary.count'),
      value: summary.count.toLocaleString('en-US'),
      hint: t('admin.payouts.summary.countHint'),
      icon: IconReceipt2,
      color: 'cyan',
    },
  ]
  return (
    <StatGrid
      id="admin-payouts-summary"
      title={t('admin.payouts.summary.label')}
      cols={{ base: 1, xs: 2, lg: 4 }}
      stats={stats}
      loading={4}
    />
  )
}
