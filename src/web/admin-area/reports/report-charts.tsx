import '@mantine/charts/styles.layer.css'
import type { ReactNode } from 'react'
import { AreaChart, BarChart, DonutChart } from '@mantine/charts'
import {
  Box,
  ColorSwatch,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { DecisionStatus, OrderStatus } from '../../../shared/constants'
import { formatRwf } from '../../../shared/money'
import type { AdminReport, ReportDay } from '../../../shared/schemas/report'
import { useFormatDate } from '../../components/format-date'
import { NoneText } from '../../components/none-text'
import { formatAxisDay, formatCompact, formatCount } from './report-format'

/**
 * The report's charts, in a module of their own loaded only by the reports screen (React.lazy): the charting
 * library (recharts) and its styles reach no other screen, and the cards show before it arrives.
 *
 * Each chart is a figure named by its heading and described by a one-line summary; the drawing itself is hidden
 * from screen readers, which read its figures from the summary, a legend or a table instead.
 */
export default function ReportCharts({ report }: { report: AdminReport }) {
  const { t } = useTranslation()
  const days = report.period.days
  return (
    <section aria-labelledby="admin-report-charts">
      <VisuallyHidden>
        <h2 id="admin-report-charts">{t('admin.reports.charts.label')}</h2>
      </VisuallyHidden>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DailyChart report={report} kind="revenue" />
        <DailyChart report={report} kind="orders" />
        <StatusChart
          id="admin-report-orders-by-status"
          title={t('admin.reports.charts.ordersByStatus')}
          summary={t('admin.reports.charts.ordersByStatusSummary', { days })}
          counts={report.ordersByStatus}
        />
        <StatusChart
          id="admin-report-vendors-by-status"
          title={t('admin.reports.charts.vendorsByStatus')}
          summary={t('admin.reports.charts.vendorsByStatusSummary', {
            count: report.cards.vendors.value,
            vendors: formatCount(report.cards.vendors.value),
          })}
          counts={report.vendorsByStatus}
        />
        <TopChart
          id="admin-report-top-vendors"
          title={t('admin.reports.charts.topVendors')}
          days={days}
          bars={report.topVendors.map((shop) => ({ name: shop.shopName, value: shop.revenue }))}
        />
        <TopChart
          id="admin-report-top-products"
          title={t('admin.reports.charts.topProducts')}
          days={days}
          bars={report.topProducts.map((product) => ({
            name: product.name,
            detail: product.shopName,
            value: product.revenue,
          }))}
        />
      </SimpleGrid>
    </section>
  )
}

/** A chart as a figure: its heading names it, its summary describes it, `alternative` holds its figures as text. */
export function ChartFigure({
  id,
  title,
  summary,
  drawing,
  alternative,
}: {
  id: string
  title: string
  summary: string
  drawing: ReactNode
  alternative?: ReactNode
}) {
  return (
    <Paper
      component="figure"
      m={0}
      withBorder
      p="md"
      radius="md"
      miw={0}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id={`${id}-title`}>
          {title}
        </Title>
        <Text id={`${id}-summary`} size="sm" c="dimmed">
          {summary}
        </Text>
        {drawing && (
          <Box aria-hidden data-chart={id}>
            {drawing}
          </Box>
        )}
        {alternative}
      </Stack>
    </Paper>
  )
}

const dailySeries = {
  revenue: {
    color: 'teal.6',
    label: 'admin.reports.charts.revenue',
    title: 'admin.reports.charts.revenuePerDay',
  },
  orders: {
    color: 'indigo.6',
    label: 'admin.reports.charts.orders',
    title: 'admin.reports.charts.ordersPerDay',
  },
} as const

/**
 * Revenue or orders on each day of the range. At 375 px the axis keeps a label every few days (minTickGap), and
 * every day's figure is in a table behind "Show the figures as a table".
 */
function DailyChart({ report, kind }: { report: AdminReport; kind: 'revenue' | 'orders' }) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  const { days } = report.period
  const series = dailySeries[kind]
  const format = kind === 'revenue' ? formatRwf : formatCount
  // `count` picks the plural form; `orders` is the same number as it is written (1,234).
  const count = report.growth.recentOrders
  const orders = formatCount(count)
  const summary =
    kind === 'revenue'
      ? t('admin.reports.charts.revenueSummary', {
          amount: formatRwf(report.cards.revenue.recent),
          count,
          orders,
          days,
        })
      : t('admin.reports.charts.ordersSummary', { count, orders, days })
  const axisLabel = (value: number) => formatCompact(value, (key, options) => t(key, options))
  // Wide enough for the longest label's words on one line (miliyoni 900 takes three times the room of 900M).
  const longest = Math.max(...report.daily.map((day) => axisLabel(day[kind]).length), 1)
  const axisWidth = Math.max(44, 8 * longest + 16)
  const chart = {
    h: 220,
    data: report.daily,
    dataKey: 'day',
    series: [{ name: kind, color: series.color, label: t(series.label) }],
    valueFormatter: format,
    gridAxis: 'x' as const,
    tickLine: 'none' as const,
    // Hidden from screen readers (the table says it all): no keyboard stop inside a hidden drawing.
    accessibilityLayer: false,
    xAxisProps: { tickFormatter: formatAxisDay, minTickGap: 20, interval: 'preserveStartEnd' as const },
    yAxisProps: { tickFormatter: axisLabel, width: axisWidth },
  }
  return (
    <ChartFigure
      id={`admin-report-${kind}-per-day`}
      title={t(series.title)}
      summary={summary}
      drawing={
        kind === 'revenue' ? (
          <AreaChart {...chart} curveType="monotone" withDots={days <= 30} />
        ) : (
          <BarChart {...chart} />
        )
      }
      alternative={
        <FiguresTable
          caption={t(series.title)}
          columns={[t('admin.reports.charts.day'), t(series.label)]}
          rows={report.daily.map((day: ReportDay) => [formatDate(day.day), format(day[kind])])}
        />
      }
    />
  )
}

/** A chart's figures as a table, folded away until asked for (a 365-day table is long on a phone). */
export function FiguresTable({
  caption,
  columns,
  rows,
}: {
  caption: string
  columns: string[]
  rows: string[][]
}) {
  const { t } = useTranslation()
  return (
    <Box component="details">
      <Text component="summary" size="sm" c="blue.8" style={{ cursor: 'pointer' }}>
        {t('admin.reports.charts.showTable')}
      </Text>
      <Table mt="xs" striped withTableBorder fz="sm">
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([head, ...cells]) => (
            <Table.Tr key={head}>
              <Table.Th scope="row" fw={400}>
                {head}
              </Table.Th>
              {cells.map((cell, index) => (
                <Table.Td key={index}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  )
}

const statusColors: Record<DecisionStatus | OrderStatus, string> = {
  pending: 'yellow.5',
  approved: 'teal.6',
  completed: 'teal.6',
  rejected: 'red.6',
  refunded: 'gray.5',
}

/** A donut of counts by status, with its legend as the text: "Pending 2", one line per status. */
function StatusChart<S extends DecisionStatus | OrderStatus>({
  id,
  title,
  summary,
  counts,
}: {
  id: string
  title: string
  summary: string
  counts: Record<S, number>
}) {
  const { t } = useTranslation()
  const slices = (Object.entries(counts) as [S, number][]).map(([status, value]) => ({
    status,
    name: t(`status.${status}`),
    value,
    color: statusColors[status],
  }))
  const total = slices.reduce((sum, slice) => sum + slice.value, 0)
  const drawn = slices.filter((slice) => slice.value > 0)
  return (
    <ChartFigure
      id={id}
      title={title}
      summary={summary}
      drawing={
        total > 0 && (
          <Group justify="center">
            <DonutChart
              // A status with none would draw a hairline gap: only what has a share is drawn, and a whole ring
              // (one status) has no seam.
              data={drawn}
              strokeWidth={drawn.length > 1 ? 1 : 0}
              size={150}
              thickness={24}
              chartLabel={formatCount(total)}
              valueFormatter={formatCount}
              accessibilityLayer={false}
              // The ring's sectors take no keyboard stop either: the legend below holds the figures.
              pieProps={{ rootTabIndex: -1 }}
            />
          </Group>
        )
      }
      alternative={
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
          {slices.map((slice) => (
            <Group component="li" key={slice.status} gap="xs" wrap="nowrap">
              <ColorSwatch
                color={`var(--mantine-color-${slice.color.replace('.', '-')})`}
                size={12}
                aria-hidden
              />
              <Text size="sm" style={{ flex: 1 }}>
                {slice.name}
              </Text>
              <Text size="sm" fw={600}>
                {formatCount(slice.value)}
              </Text>
            </Group>
          ))}
        </Stack>
      }
    />
  )
}

/**
 * The top 5 by revenue as a ranked list: each name (wrapping on a phone) and its amount as text, over a bar
 * whose length compares it with the first (the bar is for the eye only).
 */
function TopChart({
  id,
  title,
  days,
  bars,
}: {
  id: string
  title: string
  days: number
  bars: { name: string; detail?: string; value: number }[]
}) {
  const { t } = useTranslation()
  const most = Math.max(1, ...bars.map((bar) => bar.value))
  return (
    <ChartFigure
      id={id}
      title={title}
      summary={t('admin.reports.charts.topSummary', { days })}
      drawing={null}
      alternative={
        bars.length === 0 ? (
          <NoneText>{t('admin.reports.charts.noSales')}</NoneText>
        ) : (
          <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {bars.map((bar, index) => (
              <li key={index}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={0} miw={0}>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {bar.name}
                    </Text>
                    {bar.detail && (
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {bar.detail}
                      </Text>
                    )}
                  </Stack>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatRwf(bar.value)}
                  </Text>
                </Group>
                <Progress value={(bar.value / most) * 100} size="sm" color="teal" mt={4} aria-hidden />
              </li>
            ))}
          </Stack>
        )
      }
    />
  )
}
