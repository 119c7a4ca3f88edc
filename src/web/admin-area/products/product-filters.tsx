import { useState } from 'react'
import { Button, Group, Select, Stack, TextInput } from '@mantine/core'
import { IconCalendarX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { isCalendarDay, stockFilters, type StockFilter } from '../../../shared/schemas/product'
import { ListSearch } from '../../components/list-search'
import { productStatusFilters, type DateRange, type useProductFilters } from './use-product-filters'

type DateProps = {
  from: string | null
  to: string | null
  /** Today in Kigali: the latest day either date may be (admin §2: the to date is capped at today). */
  today: string
  onDates: (range: Partial<DateRange>) => void
}

/**
 * Search by name, description or shop, status, and the created-date range (admin §2 "/admin/products"). The
 * date boxes write a day once it is complete and allowed.
 */
export function ProductFilters({ filters }: { filters: ReturnType<typeof useProductFilters> }) {
  const { t } = useTranslation()
  return (
    <Stack role="search" aria-label={t('admin.products.filters.label')} gap="sm">
      <ListSearch
        filters={filters}
        statuses={productStatusFilters}
        texts="admin.products"
        statusLabel={t('admin.products.filters.statusLabel')}
      />
      <Group gap="sm" align="flex-start" wrap="wrap">
        <DateRangeFields
          from={filters.from}
          to={filters.to}
          today={filters.today}
          onDates={(range) => filters.update(range, { replace: true })}
        />
        <Select
          label={t('admin.products.filters.stockLabel')}
          value={filters.stock}
          onChange={(value) => filters.update({ stock: value === 'low' ? 'low' : null })}
          data={stockFilters.map((value: StockFilter) => ({
            value,
            label:
              value === 'low' ? t('admin.products.filters.stockLow') : t('admin.products.filters.stockAll'),
          }))}
          allowDeselect={false}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
      </Group>
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
function DateRangeFields({ from, to, today, onDates }: DateProps) {
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
  const errorOf: Record<keyof DateRange, (value: string) => DateError | undefined> = {
    from: (value) => (value > fromMax ? (to !== null ? 'fromAfterTo' : 'fromAfterToday') : undefined),
    to: (value) =>
      value > today ? 'toAfterToday' : from !== null && value < from ? 'toBeforeFrom' : undefined,
  }
  const change = (edge: keyof DateRange, value: string) => {
    if (edge === 'from') setFromText(value)
    else setToText(value)
    const applied = edge === 'from' ? from : to
    // An incomplete or cleared box reads as empty: the range is then open at that end.
    if (!isCalendarDay(value)) {
      setErrors((current) => ({ ...current, [edge]: undefined }))
      if (applied !== null) onDates({ [edge]: null })
      return
    }
    const error = errorOf[edge](value)
    setErrors((current) => ({ ...current, [edge]: error }))
    if (!error && value !== applied) onDates({ [edge]: value })
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
        onChange={(event) => change('from', event.currentTarget.value)}
        error={errors.from ? t(`admin.products.filters.errors.${errors.from}`) : undefined}
        style={{ flex: '1 1 160px', maxWidth: 240 }}
      />
      <TextInput
        type="date"
        label={t('admin.products.filters.to')}
        value={toText}
        min={from ?? undefined}
        max={today}
        onChange={(event) => change('to', event.currentTarget.value)}
        error={errors.to ? t(`admin.products.filters.errors.${errors.to}`) : undefined}
        style={{ flex: '1 1 160px', maxWidth: 240 }}
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
