import { useEffect, type ReactNode, type Ref } from 'react'
import { Group, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import type { TablerIcon } from '@tabler/icons-react'
import type { TFunction } from 'i18next'
import type { PageSize } from '../../shared/schemas/pagination'
import { useTranslation } from 'react-i18next'
import { FlashAlert } from './flash-alert'
import { countShown } from './list-pager'
import { ListView, type ListData, type ListQuery, type ListViewProps } from './list-view'
import { PageHeader } from './page-header'
import type { DecisionReport } from './use-one-at-a-time'
import { useFlashMessage, type Flash } from './use-flash-message'
import { useFocusAfterUpdate } from './use-focus-after-update'
import type { ListPosition } from './use-page-param'

/**
 * What a paged list screen keeps while the reader works on its rows: whether rows show as a table (from
 * `tableFrom` wide; below, cards), the screen's flash message, and focus, which after an action goes back to
 * the row's next button, or to the heading when the row left the list. A page that emptied (its last row
 * left the filter) moves back to the last page there is, or to the first of a list too long to count.
 */
export function useListPage<Data extends ListData>(
  query: ListQuery<Data> & { isFetching: boolean },
  {
    filters: { page, update, showAll },
    pageSize,
    count = (data) => data.total,
    isCapped = (data) => data.totalIsCapped,
    isActing = false,
    tableFrom,
    onPageSize,
  }: {
    /** The list's place in the address (useListFilters): its page, and how to move to another. */
    filters: {
      page: number
      update: (next: ListPosition, options?: { replace?: boolean }) => void
      /** Clears the search and filter while one is on. */
      showAll?: () => void
    }
    pageSize: number
    /** How many rows the filters keep: the list's total unless it counts them apart. */
    count?: (data: Data) => number
    /** Whether that count stopped at the server's cap: the list's own flag unless it counts apart. */
    isCapped?: (data: Data) => boolean
    /** An action on a row is on its way: focus waits for it. */
    isActing?: boolean
    /** The width from which a table fits beside the menu, e.g. '80em'. */
    tableFrom: string
    /** Offers 25, 50 or 100 rows a page (the list keeps the choice in the address: pageSizeOf). */
    onPageSize?: (size: PageSize) => void
  },
) {
  const isDesktop = useMediaQuery(`(min-width: ${tableFrom})`, false, { getInitialValueInEffect: false })
  const feedback = useFlashMessage()
  const {
    listRef,
    fallbackRef: headingRef,
    focusAfterUpdate,
  } = useFocusAfterUpdate(!isActing && !query.isFetching, query.data)

  // Another page: the reader carries on from the heading, above the new rows.
  const goToPage = (next: ListPosition) => {
    update(next)
    headingRef.current?.focus()
  }

  const data = query.data
  useEffect(() => {
    if (!data || data.items.length > 0 || page === 1) return
    const lastPage = isCapped(data) ? 1 : Math.max(1, Math.ceil(count(data) / pageSize))
    update({ page: lastPage }, { replace: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer for this page comes back empty
  }, [data, page])

  return {
    feedback,
    focusAfterUpdate,
    /** For ListPage: how the list is laid out, where focus may go, its pages and the screen's message. */
    view: {
      query,
      isDesktop,
      listRef,
      headingRef,
      count,
      isCapped,
      pager: { pageSize, onChange: goToPage, onPageSize },
      flash: feedback.flash,
      onShowAll: showAll,
    },
    /** How a decision on row `id` is told: `close` its dialog, say how it went, then focus comes back. */
    reportFor: (id: string, close: () => void): DecisionReport => ({
      success: (message) => {
        close()
        feedback.success(message)
      },
      error: (message, detail) => {
        close()
        feedback.error(message, detail)
      },
      settled: () => focusAfterUpdate(id),
    }),
    /** A row's action that opens something: the last message goes first. */
    afterClearing:
      <Args extends unknown[]>(action: (...args: Args) => void) =>
      (...args: Args) => {
        feedback.clear()
        action(...args)
      },
  }
}

/** The headings' counts ("12 orders"): each key has its plural forms and a `_capped` form ("10,000+ orders"). */
const countKeys = {
  'vendor.orders': 'vendor.orders.count',
  'vendor.products': 'vendor.products.count',
  'admin.orders': 'admin.orders.total',
  'admin.products': 'admin.products.count',
  'admin.vendors': 'admin.vendors.count',
  'admin.auditLogs': 'admin.auditLogs.total',
  'admin.messages': 'admin.messages.total',
  'admin.payouts': 'admin.payouts.filtered',
} as const

type CountKey = (typeof countKeys)[keyof typeof countKeys]

/** A list's count in its heading: "12 orders", or "10,000+ orders" past the server's cap. */
export const countText = (
  t: TFunction,
  key: CountKey,
  { total, totalIsCapped }: { total: number; totalIsCapped: boolean },
) => (totalIsCapped ? t(`${key}_capped`, { shown: countShown(total, true) }) : t(key, { count: total }))

/**
 * The list screens whose texts share one layout under their key: title, subtitle, loadFailed, pagesLabel,
 * and the empty state's allBody, filteredBody and showAll.
 */
export type ListTexts =
  | 'admin.vendors'
  | 'admin.payouts'
  | 'admin.products'
  | 'admin.auditLogs'
  | 'admin.orders'
  | 'admin.messages'
  | 'vendor.orders'

/**
 * A paged list screen: the heading with what the list counts (announced when a search or filter changes it)
 * and the screen's tools, the filters, the flash message, the list (see ListView) and its dialogs.
 */
export function ListPage<Data extends ListData>({
  texts,
  headingRef,
  total,
  filteredTotal,
  tools,
  filters,
  flash,
  aboveList,
  emptyIcon,
  emptyTitle,
  emptyFilteredBody,
  onShowAll,
  pager,
  maw = 1400,
  children,
  ...list
}: Omit<ListViewProps<Data>, 'loadFailed' | 'empty' | 'pager'> & {
  texts: ListTexts
  headingRef: Ref<HTMLHeadingElement>
  /** The heading's count when the list counts otherwise than "12 vendors" from its total. */
  total?: string
  /** How many of them the search and filter keep, while one is on. */
  filteredTotal?: string
  tools?: ReactNode
  filters: ReactNode
  flash: Flash | null
  /** Between the message and the list: what acts on the selected rows. */
  aboveList?: ReactNode
  emptyIcon: TablerIcon
  /** The empty state's title: the screen's `empty.title` unless said. */
  emptyTitle?: string
  /** What the empty state says while a filter hides every row: the screen's `empty.filteredBody` unless said. */
  emptyFilteredBody?: string
  /** Set while a search or filter is on: the empty state then offers to show everything. */
  onShowAll?: () => void
  pager: Omit<ListViewProps<Data>['pager'], 'label'>
  maw?: number
  /** The dialogs the rows open. */
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const data = list.query.data
  const shownTotal = total ?? (data && countText(t, countKeys[texts], data))
  const shownEmptyTitle = emptyTitle ?? (texts === 'vendor.orders' ? '' : t(`${texts}.empty.title`))
  return (
    <Stack gap="lg" maw={maw}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <PageHeader ref={headingRef} title={t(`${texts}.title`)} subtitle={t(`${texts}.subtitle`)} />
        <Group gap="sm" align="center" wrap="wrap">
          <div aria-live="polite">
            <Text fw={500} ta="end">
              {shownTotal}
            </Text>
            {filteredTotal && (
              <Text size="sm" c="dimmed" ta="end">
                {filteredTotal}
              </Text>
            )}
          </div>
          {tools}
        </Group>
      </Group>
      {filters}
      <FlashAlert flash={flash} />
      {aboveList}
      <ListView
        {...list}
        loadFailed={t(`${texts}.loadFailed`)}
        empty={{
          icon: emptyIcon,
          title: shownEmptyTitle,
          body: t(`${texts}.empty.allBody`),
          filtered: onShowAll && {
            body: emptyFilteredBody ?? t(`${texts}.empty.filteredBody`),
            showAll: t(`${texts}.empty.showAll`),
            onShowAll,
          },
        }}
        pager={{ ...pager, label: t(`${texts}.pagesLabel`) }}
      />
      {children}
    </Stack>
  )
}
