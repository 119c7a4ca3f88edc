import { Checkbox } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { TextKey } from '../i18n/keys'

/**
 * Ticks every selectable row of a list's page; part-ticked when only some are. In a table's header it is named by
 * its label (`labelKey`) for a screen reader; above the cards (`withLabel`) the label stands beside it.
 */
export function SelectAllBox({
  ids,
  selected,
  onSelectAll,
  labelKey,
  withLabel = false,
}: {
  /** The page's selectable rows. */
  ids: readonly string[]
  selected: ReadonlySet<string>
  onSelectAll: (isSelected: boolean) => void
  labelKey: TextKey
  withLabel?: boolean
}) {
  const { t } = useTranslation()
  const label = t(labelKey)
  const count = ids.filter((id) => selected.has(id)).length
  return (
    <Checkbox
      checked={count > 0 && count === ids.length}
      indeterminate={count > 0 && count < ids.length}
      onChange={(event) => onSelectAll(event.currentTarget.checked)}
      aria-label={withLabel ? undefined : label}
      label={withLabel ? label : undefined}
    />
  )
}

/** Ticks one row; `label` names the row it ticks. */
export function SelectOneBox({
  id,
  isSelected,
  onSelect,
  label,
}: {
  id: string
  isSelected: boolean
  onSelect: (id: string, isSelected: boolean) => void
  label: string
}) {
  return (
    <Checkbox
      checked={isSelected}
      onChange={(event) => onSelect(id, event.currentTarget.checked)}
      aria-label={label}
    />
  )
}
