import { Group, Pagination, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { ListPosition } from './use-page-param'

const grouped = new Intl.NumberFormat('en-US')

/**
 * A count as the screens show it, in either language: "1,234", or "10,000+" for a list that stopped counting
 * at the server's cap (`totalIsCapped`).
 */
export const countShown = (total: number, isCapped: boolean) =>
  `${grouped.format(total)}${isCapped ? '+' : ''}`

/** What a list's answer says about its pages (the shared list shape). */
export type PagerData = {
  total: number
  totalIsCapped: boolean
  page: number
  nextCursor: string | null
  previousCursor: string | null
}

/**
 * Server-side pages of a list: "21–40 of 57" and the page buttons, inside a labelled <nav>. Nothing shows when
 * everything fits on one page. Used by every paged list screen.
 *
 * A counted list (up to 10,000 rows) has numbered pages. A longer one ("10,000+") has First, Previous and Next:
 * Next and Previous carry the list's cursors, so a page far down costs the server what the second page costs,
 * and no page number past the counted rows is ever asked for.
 */
export function ListPager({
  data,
  total = data.total,
  isCapped = data.totalIsCapped,
  pageSize,
  onChange,
  label,
}: {
  data: PagerData
  /** How many rows the filters keep, when the list counts them apart (else the list's total). */
  total?: number
  isCapped?: boolean
  pageSize: number
  onChange: (position: ListPosition) => void
  /** The <nav>'s accessible name, e.g. "Order pages". */
  label: string
}) {
  const { t } = useTranslation()
  // The page the server answered: a Previous that reached the top comes back as page 1.
  const page = data.page
  if (!isCapped) {
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
          onChange={(next) => onChange({ page: next })}
          size="sm"
          gap={4}
          getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('pager.page', { page: item }) })}
        />
      </Group>
    )
  }
  const from = (page - 1) * pageSize + 1
  return (
    <Group component="nav" aria-label={label} justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {t('pager.summary', {
          from: grouped.format(from),
          to: grouped.format(from + pageSize - 1),
          total: countShown(total, true),
        })}
      </Text>
      {/* Only the neighbours are known: the page after this one exists while the list gives a next cursor. */}
      <Pagination.Root
        total={data.nextCursor ? page + 1 : page}
        value={page}
        size="sm"
        onFirstPage={() => onChange({ page: 1 })}
        onPreviousPage={() =>
          onChange(
            page <= 2 || !data.previousCursor ? { page: 1 } : { page: page - 1, before: data.previousCursor },
          )
        }
        onNextPage={() => data.nextCursor && onChange({ page: page + 1, after: data.nextCursor })}
      >
        <Group gap={4} align="center">
          <Pagination.First aria-label={t('pager.first')} />
          <Pagination.Previous aria-label={t('pager.previous')} />
          <Text size="sm" px="xs" aria-current="page">
            {t('pager.page', { page: grouped.format(page) })}
          </Text>
          <Pagination.Next aria-label={t('pager.next')} />
        </Group>
      </Pagination.Root>
    </Group>
  )
}
