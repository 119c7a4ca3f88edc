import { useState } from 'react'
import { Group, SegmentedControl, Stack } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconShoppingCartOff } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { orderStatuses, type OrderStatus } from '../../shared/constants'
import type { OrderDto } from '../../shared/schemas/order'
import { ApiError } from '../api/client'
import { useCompleteOrders, useSetOrderStatus, useVendorOrders } from '../api/orders'
import { DateRangeFilter } from '../components/date-range-filter'
import { allDates, dayRangeQuery, isDayRangeOn, kigaliToday, readDayRange } from '../components/day-range'
import { ListPage, useListPage } from '../components/list-page'
import { SearchInput } from '../components/search-input'
import { failureDetail } from '../components/use-flash-message'
import { useListFilters } from '../components/use-list-filters'
import { usePageSelection } from '../components/use-page-selection'
import { BulkCompleteBar, BulkCompleteDialog, type BulkCompleteSubject } from './orders/bulk-complete'
import { OrderCard, OrderTable, SelectAll, isSelectable } from './orders/order-list'
import { RefundModal } from './orders/refund-modal'

const pageSize = 20
const statusFilters = ['all', ...orderStatuses] as const
type StatusFilter = (typeof statusFilters)[number]

/** /vendor/orders (spec §2 "/vendor/orders", §4 Order): searched, filtered, completed one by one or as a selection. */
export default function VendorOrdersPage() {
  const { t } = useTranslation()
  // The search, filter, days and page live in the address (?q=mukamana&status=pending&days=30&page=2): reload,
  // back and shared links keep them.
  const filters = useListFilters(statusFilters, ['days', 'from', 'to'])
  const { status, page, after, before, update } = filters
  const q = filters.q.trim()
  const range = readDayRange(filters, kigaliToday())
  const hasDays = isDayRangeOn(range)
  const orders = useVendorOrders({ status, q, ...dayRangeQuery(range), page, after, before, pageSize })
  const setStatus = useSetOrderStatus()
  const completeMany = useCompleteOrders()
  const [refunding, setRefunding] = useState<OrderDto | null>(null)
  const [completing, setCompleting] = useState<BulkCompleteSubject | null>(null)
  // Six columns need room: beside the 240 px menu a table reads well from 1200 px; below, cards.
  const list = useListPage(orders, {
    filters,
    pageSize,
    isActing: setStatus.isPending || completeMany.isPending,
    tableFrom: '75em',
  })
  const { feedback } = list
  // Four filter labels side by side fit a 375 px phone in both languages at the small size.
  const isPhone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false })

  const items = orders.isPlaceholderData ? [] : (orders.data?.items ?? [])
  // Only what is listed and still pending counts as selected: an order changed meanwhile drops out.
  const selection = usePageSelection(
    JSON.stringify({ q, status, range, page, after, before }),
    items,
    isSelectable,
  )
  const { selectedIds, selected } = selection

  const changeStatus = (order: OrderDto, next: 'completed' | 'refunded') => {
    feedback.clear()
    setStatus.mutate(
      { id: order.id, status: next },
      {
        onSuccess: () => {
          setRefunding(null)
          feedback.success(
            t(next === 'completed' ? 'vendor.orders.completedDone' : 'vendor.orders.refundDone', {
              product: order.productName,
            }),
          )
        },
        onError: (error) => {
          setRefunding(null)
          if (error instanceof ApiError && error.messageKey === 'orders.invalidTransition') {
            // Someone (another tab, an admin) changed it first: the list shows what it is now (useSetOrderStatus).
            feedback.error(t('orders.invalidTransition'))
          } else {
            feedback.error(t('vendor.orders.updateFailed'), failureDetail(t, error))
          }
        },
        onSettled: () => list.focusAfterUpdate(order.id),
      },
    )
  }

  const completeSelected = ({ ids }: BulkCompleteSubject) => {
    feedback.clear()
    completeMany.mutate(ids, {
      onSuccess: ({ completed }) => {
        selection.clear()
        feedback.success(t('vendor.orders.bulk.done', { count: completed.length }))
      },
      // All or none: a refusal names how many could not be completed, and the list shows where each one stands.
      onError: (error) => feedback.error(t('vendor.orders.bulk.failed'), failureDetail(t, error)),
      onSettled: () => {
        setCompleting(null)
        // The selection's buttons are gone with it: carry on from the heading, beside the message.
        requestAnimationFrame(() => list.view.headingRef.current?.focus())
      },
    })
  }

  const listProps = {
    busyId: setStatus.isPending ? (setStatus.variables?.id ?? null) : null,
    onMarkCompleted: (order: OrderDto) => changeStatus(order, 'completed'),
    onRefund: list.afterClearing(setRefunding),
    selected,
    onSelect: selection.onSelect,
    onSelectAll: selection.onSelectAll,
  }

  const emptyTitle =
    q !== ''
      ? t('vendor.orders.empty.searchTitle')
      : hasDays
        ? t('vendor.orders.empty.datesTitle')
        : status === 'all'
          ? t('vendor.orders.empty.allTitle')
          : t(`vendor.orders.empty.${status satisfies OrderStatus}`)

  return (
    <ListPage
      {...list.view}
      texts="vendor.orders"
      maw={1200}
      filters={
        <Stack gap="sm">
          <Group role="search" aria-label={t('vendor.orders.search.label')} gap="sm" align="flex-end">
            <SearchInput
              q={filters.q}
              onSearch={(next) => update({ q: next }, { replace: true })}
              label={t('vendor.orders.search.label')}
              placeholder={t('vendor.orders.search.placeholder')}
            />
            <SegmentedControl
              aria-label={t('vendor.orders.filterLabel')}
              value={status}
              onChange={(value) => update({ status: value as StatusFilter })}
              data={statusFilters.map((value) => ({
                value,
                label: value === 'all' ? t('vendor.orders.filters.all') : t(`status.${value}`),
              }))}
              fullWidth
              maw={560}
              size={isPhone ? 'xs' : 'sm'}
              style={{ flex: '1 1 300px' }}
            />
          </Group>
          <DateRangeFilter range={range} onChange={update} />
        </Stack>
      }
      aboveList={
        selected.size > 0 && (
          <BulkCompleteBar
            count={selected.size}
            isBusy={completeMany.isPending}
            onComplete={() => {
              feedback.clear()
              setCompleting({ ids: selectedIds })
            }}
            onClear={selection.clear}
          />
        )
      }
      emptyIcon={IconShoppingCartOff}
      // Nothing at all yet, nothing under this filter or on these days, or nothing found (spec §2: empty states
      // for all and for a filter).
      emptyTitle={emptyTitle}
      emptyFilteredBody={hasDays && q === '' ? t('vendor.orders.empty.datesBody') : undefined}
      onShowAll={status !== 'all' || hasDays ? () => update({ status: 'all', ...allDates }) : undefined}
      table={(items) => <OrderTable orders={items} {...listProps} />}
      aboveCards={(items) => (
        <SelectAll orders={items} selected={selected} onSelectAll={listProps.onSelectAll} withLabel />
      )}
      card={(order, nameId) => <OrderCard order={order} nameId={nameId} {...listProps} />}
      // Focus stays on the pager's buttons from page to page.
      pager={{ pageSize, onChange: (next) => update(next) }}
    >
      <RefundModal
        order={refunding}
        isPending={setStatus.isPending}
        onConfirm={(order) => changeStatus(order, 'refunded')}
        onClose={() => setRefunding(null)}
      />
      <BulkCompleteDialog
        subject={completing}
        isPending={completeMany.isPending}
        onConfirm={completeSelected}
        onClose={() => setCompleting(null)}
      />
    </ListPage>
  )
}
