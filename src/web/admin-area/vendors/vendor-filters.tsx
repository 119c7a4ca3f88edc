import { useState } from 'react'
import { CloseButton, Group, SegmentedControl, TextInput } from '@mantine/core'
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { vendorStatusFilters, type VendorStatusFilter } from '../../../shared/schemas/vendor'
import { searchMax } from './use-vendor-filters'

/** Typing pauses this long before the list is asked again: one request per word, not per key. */
const SEARCH_DEBOUNCE_MS = 350

/**
 * The search box and the status filter. The box keeps what is typed and writes it to the address once typing
 * pauses; a search changed from outside (back, a shared link, Show all) is shown in the box.
 */
export function VendorFilters({
  q,
  status,
  onSearch,
  onStatus,
}: {
  q: string
  status: VendorStatusFilter
  onSearch: (q: string) => void
  onStatus: (status: VendorStatusFilter) => void
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
    <Group role="search" gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        enterKeyHint="search"
        label={t('admin.vendors.search.label')}
        placeholder={t('admin.vendors.search.placeholder')}
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
          text ? <CloseButton size="sm" aria-label={t('admin.vendors.search.clear')} onClick={clear} /> : null
        }
        style={{ flex: '1 1 260px', maxWidth: 420 }}
      />
      <SegmentedControl
        aria-label={t('admin.vendors.filterLabel')}
        value={status}
        onChange={(value) => onStatus(value as VendorStatusFilter)}
        data={vendorStatusFilters.map((value) => ({
          value,
          label: value === 'all' ? t('admin.vendors.filters.all') : t(`status.${value}`),
        }))}
        size={isPhone ? 'xs' : 'sm'}
        style={{ flex: '1 1 320px', maxWidth: 480 }}
        fullWidth
      />
    </Group>
  )
}
