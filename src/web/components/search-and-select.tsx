import type { ReactNode } from 'react'
import { Group, NativeSelect } from '@mantine/core'
import { SearchBox, type SearchFilters } from './list-search'

/** A list's filter as a native select (reliable on phones, read by every screen reader). */
export function SelectFilter<const V extends string>({
  label,
  value,
  values,
  labelOf,
  onChange,
}: {
  label: string
  value: V
  values: readonly V[]
  labelOf: (value: V) => string
  onChange: (value: V) => void
}) {
  return (
    <NativeSelect
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as V)}
      data={values.map((option) => ({ value: option, label: labelOf(option) }))}
    />
  )
}

/**
 * A list's search box with its status filter beside it as a select: what a search-and-filter row of a list
 * screen is when its filter's choices are not statuses (those are ListSearch's segmented buttons). The search's
 * label and placeholder are the screen's `search.*` texts; `children` are further filters on the same row.
 */
export function SearchAndSelect<const V extends string>({
  filters,
  texts,
  label,
  labelOf,
  children,
}: {
  filters: SearchFilters<V> & { statuses: readonly V[] }
  texts: 'admin.messages' | 'admin.orders' | 'admin.auditLogs'
  /** The select's accessible name. */
  label: string
  labelOf: (value: V) => string
  children?: ReactNode
}) {
  return (
    <Group role="search" gap="sm" align="flex-end" wrap="wrap">
      <SearchBox filters={filters} texts={texts} />
      <SelectFilter
        label={label}
        value={filters.status}
        values={filters.statuses}
        labelOf={labelOf}
        onChange={(next) => filters.update({ status: next })}
      />
      {children}
    </Group>
  )
}
