import { Button, Group } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { adminPayoutStatusFilters, type AdminPayoutStatusFilter } from '../../../shared/schemas/payout'
import { DownloadButton } from '../../components/download-button'
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
        <DownloadButton
          href={exportHref}
          label={t('admin.payouts.export')}
          hint={t('admin.payouts.exportHint')}
        />
      </Group>
    </Group>
  )
}
