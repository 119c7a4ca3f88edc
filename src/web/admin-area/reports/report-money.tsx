import { Suspense } from 'react'
import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import {
  IconBuildingStore,
  IconPercentage,
  IconReceiptTax,
  IconReportMoney,
  type TablerIcon,
} from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { AdminReport, ReportMoney } from '../../../shared/schemas/report'
import { StatCard, StatCardSkeleton } from '../../components/stat-card'
import { Money } from '../../components/money'
import { lazyChart } from './lazy-chart'
import { formatCount } from './report-format'
import { Trend } from './report-cards'

/** The chart needs the charting library: it arrives after the figures, as the report's other charts do. */
const MoneyChart = lazyChart(() => import('./report-money-chart'))

type MoneyCard = 'commission' | 'vat' | 'fees' | 'owed'

const looks: Record<MoneyCard, { icon: TablerIcon; color: string }> = {
  commission: { icon: IconPercentage, color: 'teal' },
  vat: { icon: IconReceiptTax, color: 'orange' },
  fees: { icon: IconReportMoney, color: 'blue' },
  owed: { icon: IconBuildingStore, color: 'red' },
}

const CHART_HEIGHT = 300

/**
 * "Marketplace earnings" on /admin/reports: what the marketplace earned in the range beside the range before
 * (commission net of refunds, the VAT on it due, plan fees, adjustments), what shops owe it now, and the
 * commission of each day beside the same day of the range before. `report` is undefined while it loads.
 */
export function ReportMoneySection({ report }: { report: AdminReport | undefined }) {
  const { t } = useTranslation()
  const days = report?.period.days
  return (
    <Stack component="section" gap="md" aria-labelledby="admin-report-money">
      <div>
        <Title order={2} size="h3" id="admin-report-money">
          {t('moneyReport.title')}
        </Title>
        {days !== undefined && (
          <Text size="sm" c="dimmed">
            {t('moneyReport.subtitle', { days })}
          </Text>
        )}
      </div>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" m={0}>
        {report
          ? (Object.keys(looks) as MoneyCard[]).map((key) => (
              <StatCard key={key} label={t(`moneyReport.cards.${key}`)} {...cardOf(key, report)} />
            ))
          : Object.keys(looks).map((key) => <StatCardSkeleton key={key} />)}
      </SimpleGrid>
      {report && <Adjustments money={report.money} days={report.period.days} />}
      {report ? (
        <Suspense fallback={<Skeleton h={CHART_HEIGHT} radius="md" aria-hidden />}>
          <MoneyChart report={report} />
        </Suspense>
      ) : (
        <Skeleton h={CHART_HEIGHT} radius="md" aria-hidden />
      )}
    </Stack>
  )

  function cardOf(key: MoneyCard, { money, period }: AdminReport) {
    const look = looks[key]
    if (key === 'owed') {
      const count = money.shopsOwing
      return {
        ...look,
        value: <Money amount={money.owedByShops} />,
        hint: t('moneyReport.cards.owedHint', { count, shops: formatCount(count) }),
      }
    }
    const figure = money[key]
    const versus = t('admin.reports.trend.previousPeriod', {
      value: formatRwf(figure.previous),
      days: period.days,
    })
    return {
      ...look,
      value: (
        <>
          <Money amount={figure.value} />
          <Trend figure={figure} versus={versus} />
        </>
      ),
      hint: t(`moneyReport.cards.${key}Hint`),
    }
  }
}

/** The period's adjustments, signed: a change in percent would mean little when the sign may turn. */
function Adjustments({ money, days }: { money: ReportMoney; days: number }) {
  const { t } = useTranslation()
  return (
    <Text size="sm">
      {t('moneyReport.adjustments', {
        amount: formatRwf(money.adjustments.value),
        previous: formatRwf(money.adjustments.previous),
        days,
      })}
    </Text>
  )
}
