import { SimpleGrid, VisuallyHidden } from '@mantine/core'
import { IconCircleCheck, IconCircleX, IconClockDollar, IconReceipt2 } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { AdminPayoutSummary } from '../../../shared/schemas/payout'
import { Money } from '../../components/money'
import { StatCard, StatCardSkeleton } from '../../components/stat-card'

/** Four cards over every payout, whatever the search (spec §2): pending, approved, rejected amounts; the count. */
export function PayoutSummaryCards({ summary }: { summary: AdminPayoutSummary | undefined }) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="admin-payouts-summary">
      <VisuallyHidden>
        <h2 id="admin-payouts-summary">{t('admin.payouts.summary.label')}</h2>
      </VisuallyHidden>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" m={0}>
        {summary ? (
          <>
            <StatCard
              label={t('admin.payouts.summary.pending')}
              value={<Money amount={summary.pendingAmount} />}
              hint={t('admin.payouts.summary.pendingHint')}
              icon={IconClockDollar}
              color="orange"
            />
            <StatCard
              label={t('admin.payouts.summary.approved')}
              value={<Money amount={summary.approvedAmount} />}
              hint={t('admin.payouts.summary.approvedHint')}
              icon={IconCircleCheck}
              color="green"
            />
            <StatCard
              label={t('admin.payouts.summary.rejected')}
              value={<Money amount={summary.rejectedAmount} />}
              hint={t('admin.payouts.summary.rejectedHint')}
              icon={IconCircleX}
              color="red"
            />
            <StatCard
              label={t('admin.payouts.summary.count')}
              value={summary.count.toLocaleString('en-US')}
              hint={t('admin.payouts.summary.countHint')}
              icon={IconReceipt2}
              color="cyan"
            />
          </>
        ) : (
          Array.from({ length: 4 }, (_, index) => <StatCardSkeleton key={index} />)
        )}
      </SimpleGrid>
    </section>
  )
}
