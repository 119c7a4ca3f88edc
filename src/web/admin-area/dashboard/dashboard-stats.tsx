import { SimpleGrid } from '@mantine/core'
import {
  IconBuildingStore,
  IconCash,
  IconClockDollar,
  IconPackage,
  IconShoppingCart,
} from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { AdminDashboard } from '../../../shared/schemas/dashboard'
import { Money } from '../../components/money'
import { formatCount, StatCardSkeleton, StatGrid } from '../../components/stat-card'

const GRID_COLS = { base: 1, xs: 2, lg: 5 } as const

/**
 * The five figures (specification §2 "/admin dashboard"), each with its sub-counts. Every number comes from
 * the server's aggregates; nothing is counted or summed in the browser.
 */
export function DashboardStats({ stats }: { stats: AdminDashboard['stats'] }) {
  const { t } = useTranslation()
  const cards = [
    {
      key: 'vendors',
      label: t('admin.dashboard.stats.vendors'),
      value: formatCount(stats.vendors.total),
      hint: t('admin.dashboard.stats.vendorsHint', {
        active: formatCount(stats.vendors.approved),
        pending: formatCount(stats.vendors.pending),
      }),
      icon: IconBuildingStore,
      color: 'blue',
    },
    {
      key: 'products',
      label: t('admin.dashboard.stats.products'),
      value: formatCount(stats.products.total),
      hint: t('admin.dashboard.stats.productsHint', { active: formatCount(stats.products.approved) }),
      icon: IconPackage,
      color: 'cyan',
    },
    {
      key: 'orders',
      label: t('admin.dashboard.stats.orders'),
      value: formatCount(stats.orders.total),
      hint: t('admin.dashboard.stats.ordersHint', { completed: formatCount(stats.orders.completed) }),
      icon: IconShoppingCart,
      color: 'indigo',
    },
    {
      key: 'revenue',
      label: t('admin.dashboard.stats.revenue'),
      value: <Money amount={stats.revenue} />,
      hint: t('admin.dashboard.stats.revenueHint'),
      icon: IconCash,
      color: 'green',
    },
    {
      key: 'payouts',
      label: t('admin.dashboard.stats.payouts'),
      value: formatCount(stats.payouts.pending),
      hint: t('admin.dashboard.stats.payoutsHint', { amount: formatRwf(stats.payouts.pendingAmount) }),
      icon: IconClockDollar,
      color: 'orange',
    },
  ]
  return (
    <StatGrid
      id="admin-dashboard-overview"
      title={t('admin.dashboard.overview')}
      cols={GRID_COLS}
      stats={cards}
    />
  )
}

export function DashboardStatsSkeleton() {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="md" aria-hidden>
      {Array.from({ length: 5 }, (_, index) => (
        <StatCardSkeleton key={index} />
      ))}
    </SimpleGrid>
  )
}
