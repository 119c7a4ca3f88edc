import { IconCash, IconCircleCheck, IconClock, IconShoppingCart } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { AdminOrderList } from '../../../shared/schemas/order'
import { countShown } from '../../components/list-pager'
import { SummaryGrid } from '../../components/stat-card'

const cards = [
  { key: 'orders', icon: IconShoppingCart, color: 'cyan' },
  { key: 'pending', icon: IconClock, color: 'orange' },
  { key: 'completed', icon: IconCircleCheck, color: 'green' },
  { key: 'revenue', icon: IconCash, color: 'teal' },
] as const

type Figures = AdminOrderList['summary']

/** A card's figure; past the server's count, "at least" ("10,000+"). */
const figureOf = (isCapped: boolean) => (key: keyof Figures, figures: Figures) =>
  key === 'revenue'
    ? `${formatRwf(figures.revenue)}${isCapped ? '+' : ''}`
    : countShown(figures[key], isCapped)

/**
 * The four cards of what the filters keep (admin §2): orders, pending, completed and the revenue in RWF. A
 * search that finds more orders than the server counts shows each figure as "at least" ("10,000+").
 */
export function OrderSummary({ summary, isCapped }: { summary: Figures | undefined; isCapped: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'admin.orders.summary' })
  return <SummaryGrid texts={t} cards={cards} summary={summary} value={figureOf(isCapped)} />
}
