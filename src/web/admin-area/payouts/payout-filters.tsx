import { useState } from 'react'
import { Button, Checkbox, Group } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import {
  adminPayoutStatusFilters,
  type AdminPayoutStatusFilter,
  type PaymentDetailsChoice,
} from '../../../shared/schemas/payout'
import { DateRangeFilter } from '../../components/date-range-filter'
import type { DayRangeChange, DayRangeState } from '../../components/day-range'
import { DownloadButton } from '../../components/download-button'
import { ListSearch, type SearchFilters } from '../../components/list-search'

/**
 * The search box, the status filter, the period, Refresh and Export (spec §2 "/admin/payouts"). The export masks
 * account and mobile numbers unless the admin ticks "Include full payment details" (an export the server records
 * in the audit log, as the hint says).
 */
export function PayoutFilters({
  filters,
  range,
  exportHref,
  isRefreshing,
  onRefresh,
}: {
  filters: SearchFilters<AdminPayoutStatusFilter> & { update: (change: DayRangeChange) => void }
  /** The days the payouts were requested on. */
  range: DayRangeState
  /** The CSV of what the current search and filter show, masked or with the full payment details. */
  exportHref: (paymentDetails: PaymentDetailsChoice) => string
  isRefreshing: boolean
  onRefresh: () => void
}) {
  const { t } = useTranslation()
  const [isFull, setFull] = useState(false)
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
      <DateRangeFilter range={range} onChange={filters.update} />
      <Group gap="xs" wrap="wrap" align="center">
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={onRefresh}
          loading={isRefreshing}
        >
          {t('admin.payouts.refresh')}
        </Button>
        <DownloadButton
          href={exportHref(isFull ? 'full' : 'masked')}
          label={t('admin.payouts.export')}
          hint={t('admin.payouts.exportHint')}
        />
        <Checkbox
          size="sm"
          checked={isFull}
          onChange={(event) => setFull(event.currentTarget.checked)}
          label={t('admin.payouts.exportFull')}
          description={t('admin.payouts.exportFullHint')}
          maw={320}
        />
      </Group>
    </Group>
  )
}
