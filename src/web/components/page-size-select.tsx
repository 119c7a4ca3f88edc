import { useId } from 'react'
import { Group, NativeSelect, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { pageSizes, type PageSize } from '../../shared/schemas/pagination'

/** The page size in the address (?pageSize=50), or the first one offered (25) when missing or not offered. */
export const pageSizeFrom = (value: string): PageSize =>
  pageSizes.find((size) => String(size) === value) ?? pageSizes[0]

/**
 * A list's page size as its address keeps it (`?pageSize=`, left out for the first size), and how to choose another
 * (back at the first page: useListFilters starts a changed list there). For useListPage's `onPageSize`.
 */
export function pageSizeOf(filters: {
  pageSize: string
  update: (change: { pageSize?: string | null }) => void
}) {
  return {
    pageSize: pageSizeFrom(filters.pageSize),
    onPageSize: (size: PageSize) => filters.update({ pageSize: size === pageSizes[0] ? null : String(size) }),
  }
}

/**
 * "Rows per page: 25 / 50 / 100" under a list: at a desk an operator reads a hundred rows without paging; a phone
 * keeps the default. A native select (reliable on phones, read by every screen reader), with its label beside it.
 */
export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: PageSize) => void }) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Text component="label" htmlFor={id} size="sm" c="dimmed">
        {t('pager.pageSize')}
      </Text>
      <NativeSelect
        id={id}
        size="sm"
        w={88}
        value={String(value)}
        onChange={(event) => onChange(pageSizeFrom(event.currentTarget.value))}
        data={pageSizes.map(String)}
      />
    </Group>
  )
}
