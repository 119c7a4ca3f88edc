import { Group, type GroupProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { KeyPart } from '../i18n/keys'
import { SearchInput } from './search-input'
import { StatusFilter } from './status-filter'

/** What the search box and the status filter change: a list's filters as useListFilters keeps them. */
export type SearchFilters<S extends string> = {
  q: string
  status: S
  update: (next: { q?: string; status?: S }, options?: { replace?: boolean }) => void
}

/** The lists whose search box has its label and placeholder under `<texts>.search`. */
type SearchTexts =
  'admin.vendors' | 'admin.payouts' | 'admin.products' | 'admin.messages' | 'admin.orders' | 'admin.auditLogs'

/**
 * A list's search box. Typing replaces the address entry rather than adding one per word, so Back leaves the
 * screen's last search.
 */
export function SearchBox<S extends string>({
  filters,
  texts,
}: {
  filters: SearchFilters<S>
  texts: SearchTexts
}) {
  const { t } = useTranslation()
  return (
    <SearchInput
      q={filters.q}
      onSearch={(next) => filters.update({ q: next }, { replace: true })}
      label={t(`${texts}.search.label`)}
      placeholder={t(`${texts}.search.placeholder`)}
    />
  )
}

/**
 * A list's search box and its status filter ('All', then each status by its name), side by side. Typing
 * replaces the address entry rather than adding one per word, so Back leaves the screen's last search.
 */
export function ListSearch<const S extends 'all' | KeyPart<'status'>>({
  filters,
  statuses,
  texts,
  statusLabel,
  ...group
}: {
  filters: SearchFilters<S>
  statuses: readonly S[]
  /** Where the list's search.label, search.placeholder and filters.all are. */
  texts: 'admin.vendors' | 'admin.payouts' | 'admin.products'
  /** The status filter's accessible name. */
  statusLabel: string
} & GroupProps) {
  const { t } = useTranslation()
  const labelOf = (value: 'all' | KeyPart<'status'>) =>
    value === 'all' ? t(`${texts}.filters.all`) : t(`status.${value}`)
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" {...group}>
      <SearchBox filters={filters} texts={texts} />
      <StatusFilter
        value={filters.status}
        statuses={statuses}
        labelOf={labelOf}
        label={statusLabel}
        onChange={(next) => filters.update({ status: next })}
      />
    </Group>
  )
}
