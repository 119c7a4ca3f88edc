import type { ReactNode } from 'react'
import { Text, VisuallyHidden } from '@mantine/core'
import {
  IconBuildingStore,
  IconCalendarDollar,
  IconCash,
  IconClockDollar,
  IconPackage,
  IconShoppingCart,
  IconUserPlus,
  type TablerIcon,
} from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { AdminReport, ComparedFigure } from '../../../shared/schemas/report'
import { useFormatDate } from '../../components/format-date'
import { Money } from '../../components/money'
import { StatGrid } from '../../components/stat-card'
import { formatAverageRwf, formatChange, formatCount, formatTenths } from './report-format'

/**
 * How a figure moved since the previous period: ▲ or ▼ with the percent, "New" when there was nothing before,
 * then what it is compared with. The arrow is drawn for the eye; a screen reader hears "Up 40%" instead.
 */
export function Trend({ figure, versus }: { figure: ComparedFigure; versus: string }) {
  const { t } = useTranslation()
  const { change } = figure
  let mark: ReactNode = null
  if (change === null) {
    if (figure.value > 0)
      mark = (
        <Text span inherit c="blue.8">
          {t('admin.reports.trend.new')}
        </Text>
      )
  } else if (change === 0) {
    mark = (
      <Text span inherit>
        {t('admin.reports.trend.same')}
      </Text>
    )
  } else {
    const isUp = change > 0
    const percent = formatChange(change)
    mark = (
      <Text span inherit c={isUp ? 'teal.8' : 'red.8'}>
        <span aria-hidden>
          {isUp ? '▲' : '▼'} {percent}%
        </span>
        <VisuallyHidden>
          {t(isUp ? 'admin.reports.trend.up' : 'admin.reports.trend.down', { percent })}
        </VisuallyHidden>
      </Text>
    )
  }
  return (
    <Text component="span" display="block" size="xs" fw={600} mt={2} lh={1.4}>
      {mark}
      {mark && ' · '}
      <Text span inherit fw={400} c="dimmed">
        {versus}
      </Text>
    </Text>
  )
}

type CardKey = keyof AdminReport['cards']

const looks: Record<CardKey, { icon: TablerIcon; color: string }> = {
  vendors: { icon: IconBuildingStore, color: 'blue' },
  products: { icon: IconPackage, color: 'cyan' },
  orders: { icon: IconShoppingCart, color: 'indigo' },
  revenue: { icon: IconCash, color: 'green' },
  periodRevenue: { icon: IconCalendarDollar, color: 'teal' },
  pendingPayouts: { icon: IconClockDollar, color: 'orange' },
  newVendors: { icon: IconUserPlus, color: 'grape' },
}

/**
 * The six cards (specification §2 "/admin/reports") and the period's revenue beside the total, each figure
 * beside the previous period: a running total beside what it was when the range began, the new vendors and the
 * period's revenue beside those of the range before. Each revenue says in its label which orders it counts.
 */
export function ReportCards({ report }: { report: AdminReport | undefined }) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()

  function statsOf({ cards, period: { days, from } }: AdminReport) {
    const hints: Record<CardKey, string> = {
      vendors: t('admin.reports.cards.vendorsHint', { percent: formatTenths(cards.vendors.activePercent) }),
      products: t('admin.reports.cards.productsHint', { average: formatTenths(cards.products.perVendor) }),
      orders: t('admin.reports.cards.ordersHint', { recent: formatCount(cards.orders.recent), days }),
      revenue: t('admin.reports.cards.revenueHint', { amount: formatAverageRwf(cards.revenue.perOrder) }),
      periodRevenue: t('admin.reports.cards.periodRevenueHint', { days }),
      pendingPayouts: t('admin.reports.cards.pendingPayoutsHint', {
        amount: formatRwf(cards.pendingPayouts.amount),
      }),
      newVendors: t('admin.reports.cards.newVendorsHint', { days }),
    }
    return (Object.keys(looks) as CardKey[]).map((key) => {
      const figure = cards[key]
      const isMoney = key === 'revenue' || key === 'periodRevenue'
      const written = isMoney ? formatRwf : formatCount
      // New vendors and the period's revenue are counted per range; every other card is a running total, as it
      // stood when the range began.
      const versus =
        key === 'newVendors' || key === 'periodRevenue'
          ? t('admin.reports.trend.previousPeriod', { value: written(figure.previous), days })
          : t('admin.reports.trend.sinceStart', { value: written(figure.previous), date: formatDate(from) })
      return {
        key,
        label: t(`admin.reports.cards.${key}`),
        value: (
          <>
            {isMoney ? <Money amount={figure.value} /> : written(figure.value)}
            <Trend figure={figure} versus={versus} />
          </>
        ),
        hint: hints[key],
        ...looks[key],
      }
    })
  }

  return (
    <StatGrid
      id="admin-report-figures"
      title={t('admin.reports.cards.label')}
      cols={{ base: 1, xs: 2, lg: 3 }}
      stats={report && statsOf(report)}
      loading={7}
    />
  )
}
