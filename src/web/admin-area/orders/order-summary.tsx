import { IconCash, IconCircleCheck, IconClock, IconShoppingCart } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { AdminOrderList } from '../../../shared/schemas/order'
import { StatGrid } from '../../components/stat-card'

const cards = [
  { key: 'orders', icon: IconShoppingCart, color: 'cyan' },
  { key: 'pending', icon: IconClock, color: 'orange' },
  { key: 'completed', icon: IconCircleCheck, color: 'green' },
  { key: 'revenue', icon: IconCash, color: 'teal' },
] as const

/** The four cards of what the filters keep (admin §2): orders, pending, completed and the revenue in RWF. */
export function OrderSummary({ summary }: { summary: AdminOrderList['summary'] | undefined }) {
  const { t } = useTranslation()
  const stats = summary
    ? cards.map(({ key, icon, color }) => ({
        key,
        label: t(`admin.orders.summary.${key}`),
        value: key === 'revenue' ? formatRwf(summary[key]) : summary[key].toLocaleString('en-US'),
        hint: t(`admin.orders.summary.${key}Hint`),
        icon,
        color,
      }))
    : undefined
  return (
    <StatGrid
      id="admin-order-summary"
      title={t('admin.orders.summary.label')}
      cols={{ base: 2, lg: 4 }}
      stats={stats}
      loading={4}
    />
  )
}
