import { lazy, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadErrorAlert } from '../../components/load-error-alert'

/**
 * A chart whose code and charting library arrive after the figures, and only on the reports screen. If the code
 * cannot be fetched (the connection dropped), the figures stay and a notice offers to load the screen again.
 */
export const lazyChart = <Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) =>
  lazy<ComponentType<Props>>(() => load().catch(() => ({ default: ChartsUnavailable })))

function ChartsUnavailable() {
  const { t } = useTranslation()
  return (
    <LoadErrorAlert
      title={t('admin.reports.charts.loadFailed')}
      query={{ refetch: () => window.location.reload(), isRefetching: false }}
    />
  )
}
