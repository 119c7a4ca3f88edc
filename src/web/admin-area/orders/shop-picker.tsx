import { useState } from 'react'
import { Select, type SelectProps } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useShopChoices } from '../../api/admin-orders'

/**
 * A shop chosen by typing part of its name: the server searches (a marketplace may have thousands of shops)
 * and offers the first 50 by name. `forSale`: only approved shops (the order form); otherwise every shop.
 */
export function ShopPicker({
  value,
  selectedName,
  onChange,
  forSale,
  ...props
}: {
  value: string | null
  /** The chosen shop's name, so it shows before the choices load (a shared link, a reload). */
  selectedName?: string
  onChange: (vendorId: string | null, shopName: string | null) => void
  forSale: boolean
} & Omit<SelectProps, 'value' | 'onChange' | 'data'>) {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [q] = useDebouncedValue(search, 300)
  const shops = useShopChoices(q.trim(), forSale)
  const items = shops.data?.items ?? []
  const data = items.map((shop) => ({ value: shop.id, label: shop.shopName }))
  if (value && selectedName && !data.some((item) => item.value === value)) {
    data.unshift({ value, label: selectedName })
  }
  return (
    <Select
      searchable
      clearable
      value={value}
      data={data}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already filtered by the search: every answer it gives is shown.
      filter={({ options }) => options}
      nothingFoundMessage={shops.isFetching ? t('admin.orders.shops.loading') : t('admin.orders.shops.none')}
      // Busy while the choices shown are not yet the server's answer to what was typed (the search waits for the
      // typing to pause, then asks): assistive technology, and a test's click, wait for the answer.
      aria-busy={search.trim() !== q.trim() || shops.isFetching}
      onChange={(next) => onChange(next, data.find((item) => item.value === next)?.label ?? null)}
      {...props}
    />
  )
}
