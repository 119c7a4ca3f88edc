import { useState } from 'react'
import { SegmentedControl, Stack } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconShoppingCartOff } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { orderStatuses, type OrderStatus } from '../../shared/constants'
import type { OrderDto } from '../../shared/schemas/order'
import { ApiError } from '../api/client'
import { useSetOrderStatus, useVendorOrders } from '../api/orders'
import { DateRangeFilter } from '../components/date-range-filter'
import { allDates, dayRangeQuery, isDayRangeOn, kigaliToday, readDayRange } from '../components/day-range'
import { ListPage, useListPage } from '../components/list-page'
import { failureDetail } from '../components/use-flash-message'
import { useListFilters } from '../components/use-list-filters'
import { OrderCard, OrderTable } from './orders/order-list'
import { RefundModal } from './orders/refund-modal'

const pageSize = 20
const statusFilters = ['all', ...orderStatuses] as const
type StatusFilter = (typeof statusFilters)[number]

/** /vendor/orders (spec §2 "/vendor/orders", §4 Order). */
export default function VendorOrdersPage() {
  const { t } = useTranslation()
  // The filter and page live in the address (?status=pending&page=2): reload, back and shared links keep them.
  const filters = useListFilters(statusFilters, ['days', 'from', 'to'])
  const { status, page, after, before, update } = filters
  const range = readDayRange(filters, kigaliToday())
  const hasDays = isDayRangeOn(range)
  const orders = useVendorOrders({ status, ...dayRangeQuery(range), page, after, before, pageSize })
  const setStatus = useSetOrderStatus()
  const [refunding, setRefunding] = useState<OrderDto | null>(null)
  // Six columns need room: beside the 240 px menu a table reads well from 1200 px; below, cards.
  const list = useListPage(orders, {
    filters,
    pageSize,
    isActing: setStatus.isPending,
    tableFrom: '75em',
  })
  const { feedback } = list
  // Four filter labels side by side fit a 375 px phone in both languages at the small size.
  const isPhone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false })

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

  const listProps = {
    busyId: setStatus.isPending ? (setStatus.variables?.id ?? null) : null,
    onMarkCompleted: (order: OrderDto) => changeStatus(order, 'completed'),
    onRefund: list.afterClearing(setRefunding),
  }

  return (
    <ListPage
      {...list.view}
      texts="vendor.orders"
      maw={1200}
      filters={
        <Stack gap="sm">
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
          />
          <DateRangeFilter range={range} onChange={update} />
        </Stack>
      }
      emptyIcon={IconShoppingCartOff}
      // Nothing at all yet, or nothing under this filter or on these days (spec §2: empty states for all and for a
      // filter).
      emptyTitle={
        hasDays
          ? t('vendor.orders.empty.datesTitle')
          : status === 'all'
            ? t('vendor.orders.empty.allTitle')
            : t(`vendor.orders.empty.${status satisfies OrderStatus}`)
      }
      emptyFilteredBody={hasDays ? t('vendor.orders.empty.datesBody') : undefined}
      onShowAll={status !== 'all' || hasDays ? () => update({ status: 'all', ...allDates }) : undefined}
      table={(items) => <OrderTable orders={items} {...listProps} />}
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
    </ListPage>
  )
}
