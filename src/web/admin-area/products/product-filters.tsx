import { useState } from 'react'
import { Button, CloseButton, Group, SegmentedControl, Stack, TextInput } from '@mantine/core'
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks'
import { IconCalendarX, IconSearch } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { isCalendarDay } from '../../../shared/schemas/product'
import type { AdminProductStatusFilter } from '../../api/admin-products'
import { productStatusFilters, searchMax, type DateRange } from './use-product-filters'

/** Typing pauses this long before the list is asked again: one request per word, not per key. */
const SEARCH_DEBOUNCE_MS = 350

type Props = {
  q: string
  status: AdminProductStatusFilter
  from: string | null
  to: string | null
  /** Today in Kigali: the latest day either date may be (admin §2: the to date is capped at today). */
  today: string
  onSearch: (q: string) => void
  onStatus: (status: AdminProductStatusFilter) => void
  onDates: (range: Partial<DateRange>) => void
}

/**
 * Search, status and the created-date range (admin §2 "/admin/products"). The search box keeps what is typed
 * and writes it to the address once typing pauses; the date boxes write a day once it is complete and allowed.
 * A value changed from outside (back, a shared link, Show all) is shown in its box.
 */
export function ProductFilters({ q, status, from, to, today, onSearch, onStatus, onDates }: Props) {
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

  const clearSearch = () => {
    search.cancel()
    setText('')
    onSearch('')
  }

  return (
    <Stack role="search" aria-label={t('admin.products.filters.label')} gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          enterKeyHint="search"
          label={t('admin.products.search.label')}
          placeholder={t('admin.products.search.placeholder')}
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
            text ? (
              <CloseButton size="sm" aria-label={t('admin.products.search.clear')} onClick={clearSearch} />
            ) : null
          }
          style={{ flex: '1 1 260px', maxWidth: 420 }}
        />
        <SegmentedControl
          aria-label={t('admin.products.filters.statusLabel')}
          value={status}
          onChange={(value) => onStatus(value as AdminProductStatusFilter)}
          data={productStatusFilters.map((value) => ({
            value,
            label: value === 'all' ? t('admin.products.filters.all') : t(`status.${value}`),
          }))}
          size={isPhone ? 'xs' : 'sm'}
          style={{ flex: '1 1 320px', maxWidth: 480 }}
          fullWidth
        />
      </Group>
      <DateRangeFields from={from} to={to} today={today} onDates={onDates} />
    </Stack>
  )
}

/** What a date box holds that is not (yet) in the address: a day outside what the other box allows. */
type DateError = 'fromAfterTo' | 'fromAfterToday' | 'toBeforeFrom' | 'toAfterToday'

/**
 * Created from / to, both days included, read on Kigali's calendar. `from` may be at most `to` (or today), `to`
 * between `from` and today; the browser's picker keeps to those bounds, and a day typed outside them is
 * explained and not applied.
 */
function DateRangeFields({
  from,
  to,
  today,
  onDates,
}: Pick<Props, 'from' | 'to' | 'today' | 'onDates'>) {
  const { t } = useTranslation()
  const [fromText, setFromText] = useState(from ?? '')
  const [toText, setToText] = useState(to ?? '')
  const [shown, setShown] = useState({ from, to })
  const [errors, setErrors] = useState<{ from?: DateError; to?: DateError }>({})
  // A range changed from outside (back, Show all, a shared link) replaces whatever the boxes held.
  if (shown.from !== from || shown.to !== to) {
    setShown({ from, to })
    if (shown.from !== from) setFromText(from ?? '')
    if (shown.to !== to) setToText(to ?? '')
    setErrors({})
  }

  const fromMax = to ?? today
  const changeFrom = (value: string) => {
    setFromText(value)
    // An incomplete or cleared box reads as empty: the filter then starts from the beginning.
    if (!isCalendarDay(value)) {
      setErrors((current) => ({ ...current, from: undefined }))
      if (from !== null) onDates({ from: null })
      return
    }
    const error: DateError | undefined =
      value > fromMax ? (to !== null ? 'fromAfterTo' : 'fromAfterToday') : undefined
    setErrors((current) => ({ ...current, from: error }))
    if (!error && value !== from) onDates({ from: value })
  }
  const changeTo = (value: string) => {
    setToText(value)
    if (!isCalendarDay(value)) {
      setErrors((current) => ({ ...current, to: undefined }))
      if (to !== null) onDates({ to: null })
      return
    }
    const error: DateError | undefined =
      value > today ? 'toAfterToday' : from !== null && value < from ? 'toBeforeFrom' : undefined
    setErrors((current) => ({ ...current, to: error }))
    if (!error && value !== to) onDates({ to: value })
  }
  const clear = () => {
    setFromText('')
    setToText('')
    setErrors({})
    if (from !== null || to !== null) onDates({ from: null, to: null })
  }

  const hasDates = fromText !== '' || toText !== ''
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        type="date"
        label={t('admin.products.filters.from')}
        value={fromText}
        max={fromMax}
        onChange={(event) => changeFrom(event.currentTarget.value)}
        error={errors.from ? t(`admin.products.filters.errors.${errors.from}`) : undefined}
        style={{ flex: '1 1 150px', maxWidth: 200 }}
      />
      <TextInput
        type="date"
        label={t('admin.products.filters.to')}
        value={toText}
        min={from ?? undefined}
        max={today}
        onChange={(event) => changeTo(event.currentTarget.value)}
        error={errors.to ? t(`admin.products.filters.errors.${errors.to}`) : undefined}
        style={{ flex: '1 1 150px', maxWidth: 200 }}
      />
      {/* Level with the boxes below their labels (one label line: 16 px × 1.55). */}
      <Button
        variant="default"
        leftSection={<IconCalendarX size={16} aria-hidden />}
        onClick={clear}
        disabled={!hasDates}
        mt={25}
        style={{ flex: '0 0 auto' }}
      >
        {t('admin.products.filters.clearDates')}
      </Button>
    </Group>
  )
}
