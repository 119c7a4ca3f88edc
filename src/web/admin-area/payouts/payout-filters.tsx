import { Button, Group } from '@mantine/core'
import { IconDownload, IconRefresh } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { adminPayoutStatusFilters, type AdminPayoutStatusFilter } from '../../../shared/schemas/payout'
import { ListSearch, type SearchFilters } from '../../components/list-search'

/** The search box, the status filter, Refresh and Export (spec §2 "/admin/payouts"). */
export function PayoutFilters({
  filters,
  exportHref,
  isRefreshing,
  onRefresh,
}: {
  filters: SearchFilters<AdminPayoutStatusFilter>
  /** The CSV of what the current search and filter show. */
  exportHref: string
  isRefreshing: boolean
  onRefresh: () => void
}) {
  const { t } = useTranslation()
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <ListSearch
        role="search"
        style={{ flex: '1 1 600px' }}
        filters={filters}
        statuses={adminPayoutStatusFilters}
        texts="admin.payouts"
        statusLabel={t('admin.payouts.filterLabel')}
      />
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
