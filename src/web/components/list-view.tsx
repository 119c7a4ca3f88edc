import type { ReactNode, Ref } from 'react'
import { SimpleGrid, Skeleton, Stack } from '@mantine/core'
import { IconFilterOff, type TablerIcon } from '@tabler/icons-react'
import { pageSizes, type PageSize } from '../../shared/schemas/pagination'
import { BusyRegion } from './busy-region'
import { CardList } from './card-list'
import { ListEmpty } from './list-empty'
import { ListPager, type PagerData } from './list-pager'
import { LoadErrorAlert } from './load-error-alert'
import { LoadingStatus } from './loading-status'
import { PageSizeSelect } from './page-size-select'
import { SkeletonList } from './skeleton-list'
import type { ListPosition } from './use-page-param'

/** What a list screen needs of its TanStack query. */
export type ListQuery<Data> = {
  isPending: boolean
  data: Data | undefined
  isPlaceholderData: boolean
  refetch: () => unknown
  isRefetching: boolean
}

/** A list's answer as the list screens read it: its rows and what it says about its pages. */
export type ListData = { items: { id: string }[] } & PagerData

export type ListViewProps<Data extends ListData> = {
  query: ListQuery<Data>
  /** How many rows the filters keep (the pager and the empty state count these). */
  count: (data: Data) => number
  /** Whether that count stopped at the server's cap ("10,000+"). */
  isCapped: (data: Data) => boolean
  isDesktop: boolean
  loadFailed: string
  empty: {
    icon: TablerIcon
    title: string
    body: string
    /** Set while a search or filter is on: the empty state then offers to show everything. */
    filtered?: { body: string; showAll: string; onShowAll: () => void }
  }
  listRef?: Ref<HTMLDivElement>
  table: (items: Data['items']) => ReactNode
  /** One item as a card; `nameId` is for the element that names it (see CardList). */
  card: (item: Data['items'][number], nameId: string) => ReactNode
  /** What stands above the cards (a "select all"). */
  aboveCards?: (items: Data['items']) => ReactNode
  pager: {
    pageSize: number
    label: string
    onChange: (position: ListPosition) => void
    /** Set where the reader may choose how many rows a page shows (25, 50 or 100). */
    onPageSize?: (size: PageSize) => void
  }
}

/**
 * The states of a paged list screen in one place: skeletons while the first page loads, 'failed to load'
 * with Retry, an empty state (with 'Show all' when a filter hides everything), else the rows (a table on
 * wide screens, cards below, two side by side from 768 px) dimmed while the next page loads, and the pager.
 */
export function ListView<Data extends ListData>({
  query,
  count,
  isCapped,
  isDesktop,
  loadFailed,
  empty,
  listRef,
  table,
  card,
  aboveCards,
  pager,
}: ListViewProps<Data>) {
  const data = query.data
  if (query.isPending) {
    return (
      <>
        <LoadingStatus />
        {isDesktop ? (
          <SkeletonList count={6} height={56} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-hidden>
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} h={220} radius="md" />
            ))}
          </SimpleGrid>
        )}
      </>
    )
  }
  if (data === undefined) return <LoadErrorAlert title={loadFailed} query={query} />
  if (count(data) === 0) {
    const { filtered } = empty
    return (
      <ListEmpty
        icon={filtered ? IconFilterOff : empty.icon}
        title={empty.title}
        body={filtered ? filtered.body : empty.body}
        action={filtered ? { label: filtered.showAll, onClick: filtered.onShowAll } : undefined}
      />
    )
  }
  return (
    <Stack gap="md">
      <BusyRegion ref={listRef} isBusy={query.isPlaceholderData}>
        {isDesktop ? (
          table(data.items)
        ) : (
          <Stack gap="sm">
            {aboveCards?.(data.items)}
            <CardList items={data.items} keyOf={(item) => item.id}>
              {card}
            </CardList>
          </Stack>
        )}
      </BusyRegion>
      <ListPager
        data={data}
        total={count(data)}
        isCapped={isCapped(data)}
        pageSize={pager.pageSize}
        onChange={pager.onChange}
        label={pager.label}
      />
      {/* Only where there is something to choose: more rows than the smallest page holds. */}
      {pager.onPageSize && (isCapped(data) || count(data) > pageSizes[0]) && (
        <PageSizeSelect value={pager.pageSize} onChange={pager.onPageSize} />
      )}
    </Stack>
  )
}
