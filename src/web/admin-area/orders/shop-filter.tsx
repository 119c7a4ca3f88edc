import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ShopPicker } from './shop-picker'

/** The list's shop filter: any shop, whatever its status (a rejected shop's past orders stay findable). */
export function ShopFilter({
  vendorId,
  knownName,
  onChange,
}: {
  vendorId: string
  /** The filtered shop's name as the list shows it, for a filter that came with the address. */
  knownName?: string
  onChange: (vendorId: string | null) => void
}) {
  const { t } = useTranslation()
  const [name, setName] = useState<string | undefined>()
  return (
    <ShopPicker
      label={t('admin.orders.shopFilter.label')}
      placeholder={t('admin.orders.shopFilter.placeholder')}
      value={vendorId || null}
      selectedName={name ?? knownName}
      forSale={false}
      onChange={(next, shopName) => {
        setName(shopName ?? undefined)
        onChange(next)
      }}
      style={{ flex: '1 1 220px', maxWidth: 320 }}
    />
  )
}
