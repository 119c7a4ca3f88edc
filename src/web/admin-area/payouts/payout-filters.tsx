import { useState } from 'react'
import { Button, CloseButton, Group, SegmentedControl, TextInput } from '@mantine/core'
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks'
import { IconDownload, IconRefresh, IconSearch } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { adminPayoutStatusFilters, type AdminPayoutStatusFilter } from '../../../shared/schemas/payout'
import { searchMax } from './use-payout-filters'

/** Typing pauses this long before the list is asked again: one request per word, not per key. */
const SEARCH_DEBOUNCE_MS = 350

/**
 * The search box, the status filter, Refresh and Export. The box keeps what is typed and writes it to the
 * address once typing pauses; a search changed from outside (back, a shared link, Show all) is shown in it.
 */
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
  const [text, setText] = useState(q)
  const [lastQ, setLastQ] = useState(q)
  // Four filter labels side by side fit a 375 px phone in both languages at the small size.
  const isPhone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false })
  // Cancelled if the screen is left mid-pause (the hook's own clean-up).
  const search = useDebouncedCallback((value: string) => onSearch(value), SEARCH_DEBOUNCE_MS)
  if (q !== lastQ) {
    setLastQ(q)
    if (q.trim() !== text.trim()) setText(q)
  }

  const clear = () => {
    search.cancel()
    setText('')
    onSearch('')
  }

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label={t('admin.payouts.search.label')}
        placeholder={t('admin.payouts.search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        maxLength={searchMax}
        onChange={(event) => {
          setText(event.currentTarget.value)
          search(event.currentTarget.value)
        }}
        onKeyDown={(event) => {
          // Enter searches at once rather than after the pause.
          if (event.key === 'Enter') {
            search.cancel()
            onSearch(text)
          }
        }}
        rightSection={
          text ? <CloseButton size="sm" aria-label={t('admin.payouts.search.clear')} onClick={clear} /> : null
        }
        style={{ flex: '1 1 260px', maxWidth: 420 }}
      />
      <SegmentedControl
        aria-label={t('admin.payouts.filterLabel')}
        value={status}
        onChange={(value) => onStatus(value as AdminPayoutStatusFilter)}
        data={adminPayoutStatusFilters.map((value) => ({
          value,
          label: value === 'all' ? t('admin.payouts.filters.all') : t(`status.${value}`),
        }))}
        size={isPhone ? 'xs' : 'sm'}
        style={{ flex: '1 1 320px', maxWidth: 480 }}
        fullWidth
      />
      <Group gap="xs" wrap="nowrap" style={{ flex: '0 0 auto' }}>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={onRefresh}
          loading={isRefreshing}
        >
          {t('admin.payouts.refresh')}
        </Button>
        {/* A plain download link: the browser saves the file, the session cookie goes with it. */}
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
