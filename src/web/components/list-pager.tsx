import { Group, Pagination, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/**
 * Server-side pages of a list: "21–40 of 57" and the page buttons, inside a labelled <nav>. Nothing shows when
 * everything fits on one page. Used by the orders, payouts and messages screens.
 */
export function ListPager({
  page,
  total,
  pageSize,
  onChange,
  label,
}: {
  page: number
  total: number
  pageSize: number
  onChange: (page: number) => void
  /** The <nav>'s accessible name, e.g. "Order pages". */
  label: string
}) {
  const { t } = useTranslation()
  const pages = Math.ceil(total / pageSize)
  if (pages <= 1) return null
  const from = (page - 1) * pageSize + 1
  const to = Math.min(page * pageSize, total)
  return (
    <Group component="nav" aria-label={label} justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {t('pager.summary', { from, to, total })}
      </Text>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        size="sm"
        gap={4}
        getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
        getItemProps={(item) => ({ 'aria-label': t('pager.page', { page: item }) })}
      />
    </Group>
  )
}
