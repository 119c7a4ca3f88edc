import { Button, Group } from '@mantine/core'
import { IconDownload, IconRefresh } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { adminPayoutStatusFilters, type AdminPayoutStatusFilter } from '../../../shared/schemas/payout'
import { SearchInput } from '../../components/search-input'
import { StatusFilter } from '../../components/status-filter'

/** The search box, the status filter, Refresh and Export (spec §2 "/admin/payouts"). */
export function PayoutFilters({
  q,
  status,
  exportHref,
  isRefreshing,
  onSearch,
  onStatus,
  onRefresh,
}: {
  q: string
  status: AdminPayoutStatusFilter
  /** The CSV of what the current search and filter show. */
  exportHref: string
  isRefreshing: boolean
  onSearch: (q: string) => void
  onStatus: (status: AdminPayoutStatusFilter) => void
  onRefresh: () => void
}) {
  const { t } = useTranslation()
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Group role="search" gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 600px' }}>
        <SearchInput
          q={q}
          onSearch={onSearch}
          label={t('admin.payouts.search.label')}
          placeholder={t('admin.payouts.search.placeholder')}
        />
        <StatusFilter
          value={status}
          statuses={adminPayoutStatusFilters}
          labelOf={(value) => (value === 'all' ? t('admin.payouts.filters.all') : t(`status.${value}`))}
          label={t('admin.payouts.filterLabel')}
          onChange={onStatus}
        />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={onRefresh}
          loading={isRefreshing}
        >
          {t('admin.payouts.refresh')}
        </Button>
        {/* A plain download link: the browser saves the file, and the session cookie goes with it. */}
        <Button
          component="a"
          href={exportHref}
          download
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          title={t('admin.payouts.exportHint')}
        >
          {t('admin.payouts.export')}
        </Button>
      </Group>
    </Group>
  )
}
