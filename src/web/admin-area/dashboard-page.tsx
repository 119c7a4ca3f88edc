import { Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { AdminDashboard } from '../../shared/schemas/dashboard'
import { useAdminDashboard } from '../api/admin-dashboard'
import { LoadErrorAlert } from '../components/load-error-alert'
import { LoadingStatus } from '../components/loading-status'
import { Notice } from '../components/notice'
import { PageHeader } from '../components/page-header'
import { paths } from '../paths'
import { DashboardStats, DashboardStatsSkeleton } from './dashboard/dashboard-stats'
import { MobileMoneyCard } from './dashboard/mobile-money-card'
import { QuickActions } from './dashboard/quick-actions'
import { RecentActivity } from './dashboard/recent-activity'

/**
 * /admin: the marketplace at a glance (specification §2 "/admin dashboard"). The figures refresh live: the
 * query sits under the admin keys every realtime event invalidates.
 */
export default function AdminDashboardPage() {
  const { t } = useTranslation()
  const dashboard = useAdminDashboard()
  const loadFailed = <LoadErrorAlert title={t('admin.dashboard.loadFailed')} query={dashboard} />
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('admin.dashboard.title')} subtitle={t('admin.dashboard.subtitle')} />
      {dashboard.isPending ? (
        <DashboardSkeleton />
      ) : dashboard.data ? (
        <>
          {/* A refresh that failed keeps the last figures on screen, under the notice that they are stale. */}
          {dashboard.isError && loadFailed}
          <DashboardView data={dashboard.data} />
        </>
      ) : (
        loadFailed
      )}
    </Stack>
  )
}

function DashboardView({ data: { stats } }: { data: AdminDashboard }) {
  return (
    <>
      {stats.payouts.pending > 0 && <PendingPayoutsBanner count={stats.payouts.pending} />}
      <DashboardStats stats={stats} />
      <MobileMoneyCard />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <RecentActivity stats={stats} />
        <QuickActions />
      </SimpleGrid>
    </>
  )
}

/** The urgent banner (specification §2): payout requests are waiting, with a Review button to the payouts screen. */
function PendingPayoutsBanner({ count }: { count: number }) {
  const { t } = useTranslation()
  return (
    <Notice color="orange" title={t('admin.dashboard.urgent.title')}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('admin.dashboard.urgent.body', { count })}</Text>
        <Button component={Link} to={paths.admin.payouts} size="xs" color="orange">
          {t('admin.dashboard.urgent.review')}
        </Button>
      </Group>
    </Notice>
  )
}

function DashboardSkeleton() {
  return (
    <>
      <LoadingStatus />
      <DashboardStatsSkeleton />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-hidden>
        <Skeleton h={180} radius="md" />
        <Skeleton h={180} radius="md" />
      </SimpleGrid>
    </>
  )
}
