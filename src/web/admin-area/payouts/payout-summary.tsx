import { IconCircleCheck, IconCircleX, IconClockDollar, IconReceipt2 } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { AdminPayoutSummary } from '../../../shared/schemas/payout'
import { Money } from '../../components/money'
import { formatCount, SummaryGrid } from '../../components/stat-card'

const cards = [
  { key: 'pending', icon: IconClockDollar, color: 'orange' },
  { key: 'approved', icon: IconCircleCheck, color: 'green' },
  { key: 'rejected', icon: IconCircleX, color: 'red' },
  { key: 'count', icon: IconReceipt2, color: 'cyan' },
] as const

/** One card a row on a phone, two from 576 px, four from a wide screen. */
const cols = { base: 1, xs: 2, lg: 4 }

/** A card's figure: the count as a number, the others as amounts. */
const figureOf = (key: (typeof cards)[number]['key'], figures: AdminPayoutSummary) =>
  key === 'count' ? formatCount(figures.count) : <Money amount={figures[`${key}Amount`]} />

/** Four cards over every payout, whatever the search (spec §2): pending, approved, rejected amounts; the count. */
export function PayoutSummaryCards({ summary }: { summary: AdminPayoutSummary | undefined }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'admin.payouts.summary' })
  return <SummaryGrid texts={t} cards={cards} summary={summary} value={figureOf} cols={cols} />
}
