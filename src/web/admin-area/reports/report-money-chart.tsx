import { AreaChart } from '@mantine/charts'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { AdminReport } from '../../../shared/schemas/report'
import { useFormatDate } from '../../components/format-date'
import { NoneText } from '../../components/none-text'
import { ChartFigure, FiguresTable } from './report-charts'
import { formatAxisDay, formatCompact } from './report-format'

/**
 * The commission earned on each day of the range, over the same day of the range before (day 1 with day 1), in
 * a module loaded only with the reports screen's charts (React.lazy). As the other charts, the drawing is hidden
 * from screen readers: the summary says the totals, the table behind "Show the figures as a table" every day.
 */
export default function MoneyChart({ report }: { report: AdminReport }) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  const { money } = report
  const { days } = report.period
  const data = money.daily.map((day, n) => ({
    day: day.day,
    commission: day.commission,
    previous: money.previousDaily[n]?.commission ?? 0,
  }))
  const isEmpty = data.every((day) => day.commission === 0 && day.previous === 0)
  const axisLabel = (value: number) => formatCompact(value, (key, options) => t(key, options))
  // Wide enough for the longest label's words on one line, as on the other daily charts.
  const longest = Math.max(
    ...data.flatMap((day) => [axisLabel(day.commission).length, axisLabel(day.previous).length]),
    1,
  )
  const current = t('moneyReport.chart.current', { days })
  const previous = t('moneyReport.chart.previous', { days })
  return (
    <ChartFigure
      id="admin-report-commission-per-day"
      title={t('moneyReport.chart.title')}
      summary={t('moneyReport.chart.summary', {
        amount: formatRwf(money.commission.value),
        previous: formatRwf(money.commission.previous),
        days,
      })}
      drawing={
        !isEmpty && (
          <AreaChart
            h={240}
            data={data}
            dataKey="day"
            series={[
              { name: 'commission', color: 'teal.6', label: current },
              { name: 'previous', color: 'gray.6', label: previous, strokeDasharray: '5 5' },
            ]}
            curveType="monotone"
            withDots={days <= 30}
            fillOpacity={0.15}
            withLegend
            legendProps={{ verticalAlign: 'bottom', height: 40 }}
            valueFormatter={formatRwf}
            gridAxis="x"
            tickLine="none"
            // Hidden from screen readers (the table says it all): no keyboard stop inside a hidden drawing.
            accessibilityLayer={false}
            xAxisProps={{ tickFormatter: formatAxisDay, minTickGap: 20, interval: 'preserveStartEnd' }}
            yAxisProps={{ tickFormatter: axisLabel, width: Math.max(44, 8 * longest + 16) }}
          />
        )
      }
      alternative={
        isEmpty ? (
          <NoneText>{t('moneyReport.chart.none')}</NoneText>
        ) : (
          <FiguresTable
            caption={t('moneyReport.chart.title')}
            // The previous range's day is the day's date less the range's length, as its column says.
            columns={[t('admin.reports.charts.day'), current, previous]}
            rows={data.map((day) => [
              formatDate(day.day),
              formatRwf(day.commission),
              formatRwf(day.previous),
            ])}
          />
        )
      }
    />
  )
}
