import { Suspense } from 'react'
import { Group, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import {
  defaultReportRange,
  reportRanges,
  type AdminReport,
  type ReportRange,
} from '../../shared/schemas/report'
import { reportExportPath, useAdminReport } from '../api/admin-reports'
import { DownloadButton } from '../components/download-button'
import { useFormatDate } from '../components/format-date'
import { LoadErrorAlert } from '../components/load-error-alert'
import { LoadingStatus } from '../components/loading-status'
import { PageHeader } from '../components/page-header'
import { lazyChart } from './reports/lazy-chart'
import { ReportCards } from './reports/report-cards'
import { GrowthOverview, LatestLists } from './reports/report-lists'
import { ReportMoneySection } from './reports/report-money'

/** The charts and their library arrive after the figures, and only on this screen. */
const ReportCharts = lazyChart(() => import('./reports/report-charts'))

/** The range in the address (?days=30), or the default when it is missing or not one the screen offers. */
const rangeFrom = (value: string | null): ReportRange =>
  reportRanges.find((range) => String(range) === value) ?? defaultReportRange

/**
 * /admin/reports (admin §2 "/admin/reports"): the marketplace over the last 7, 30, 90 or 365 Kigali days, each
 * figure beside the period before, with charts, the newest orders and vendors, and Export Report. Every figure
 * comes from the server; the report refreshes live (its query sits under the admin keys every realtime event
 * invalidates).
 */
export default function AdminReportsPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const days = rangeFrom(params.get('days'))
  const report = useAdminReport(days)
  const chooseRange = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current)
      if (value === String(defaultReportRange)) next.delete('days')
      else next.set('days', value)
      return next
    })

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('admin.reports.title')} subtitle={t('admin.reports.subtitle')} />
      <Group gap="sm" align="flex-end" justify="space-between" wrap="wrap">
        <NativeSelect
          label={t('admin.reports.rangeLabel')}
          value={String(days)}
          onChange={(event) => chooseRange(event.currentTarget.value)}
          data={reportRanges.map((range) => ({
            value: String(range),
            label: t(`admin.reports.ranges.${range}`),
          }))}
        />
        <DownloadButton
          href={reportExportPath(days)}
          label={t('admin.reports.export')}
          hint={t('admin.reports.exportHint')}
        />
      </Group>
      {/* Shown alone when nothing loaded; above the last report when a refresh failed (its figures are stale). */}
      {report.isError && <LoadErrorAlert title={t('admin.reports.loadFailed')} query={report} />}
      {report.data && <ReportView report={report.data} />}
      {report.isPending && <ReportSkeleton />}
    </Stack>
  )
}

function ReportView({ report }: { report: AdminReport }) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  const { period } = report
  return (
    <>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('admin.reports.period', {
          from: formatDate(period.from),
          to: formatDate(period.to),
          days: period.days,
        })}
      </Text>
      <ReportCards report={report} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <GrowthOverview report={report} />
        <LatestLists report={report} />
      </SimpleGrid>
      <Suspense fallback={<ChartsSkeleton />}>
        <ReportCharts report={report} />
      </Suspense>
      <ReportMoneySection report={report} />
    </>
  )
}

/** The report's shape while it loads: seven cards, three boxes, the charts' places and the marketplace's earnings. */
function ReportSkeleton() {
  return (
    <>
      <LoadingStatus />
      <ReportCards report={undefined} />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" aria-hidden>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} h={220} radius="md" />
        ))}
      </SimpleGrid>
      <ChartsSkeleton />
      <ReportMoneySection report={undefined} />
    </>
  )
}

/** The charts' places while their module loads. */
function ChartsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-hidden>
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} h={300} radius="md" />
      ))}
    </SimpleGrid>
  )
}
