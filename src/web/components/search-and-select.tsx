import { Group, NativeSelect } from '@mantine/core'
import { SearchInput } from './search-input'

/**
 * A list's search box with one filter beside it as a native select (reliable on phones, read by every screen
 * reader): what a search-and-filter row of a list screen is when its filter's choices are not statuses
 * (those are ListSearch's segmented buttons).
 */
export function SearchAndSelect<const V extends string>({
  search,
  select,
}: {
  search: { q: string; onSearch: (q: string) => void; label: string; placeholder: string }
  select: {
    label: string
    value: V
    options: readonly { value: V; label: string }[]
    onChange: (value: V) => void
  }
}) {
  return (
    <Group role="search" gap="sm" align="flex-end" wrap="wrap">
      <SearchInput {...search} />
      <NativeSelect
        label={select.label}
        value={select.value}
        onChange={(event) => select.onChange(event.currentTarget.value as V)}
        data={select.options}
      />
    </Group>
  )
}
