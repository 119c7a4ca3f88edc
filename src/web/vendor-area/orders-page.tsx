import { useEffect, useState } from 'react'
import { Group, SegmentedControl, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconShoppingCartOff } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { orderStatuses, type OrderStatus } from '../../shared/constants'
import type { OrderDto } from '../../shared/schemas/order'
import { ApiError } from '../api/client'
import { useSetOrderStatus, useVendorOrders, type OrderFilters } from '../api/orders'
import { orderKeys } from '../api/query-keys'
import { FlashAlert } from '../components/flash-alert'
import { failureDetail, useFlashMessage } from '../components/use-flash-message'
import { ListView } from '../components/list-view'
import { useFocusAfterUpdate } from '../components/use-focus-after-update'
import { useListFilters } from '../components/use-list-filters'
import { OrderCards, OrderTable } from './orders/order-list'
import { RefundModal } from './orders/refund-modal'
import { FocusHeading } from '../components/focus-heading'

const pageSize = 20
const filters = ['all', ...orderStatuses] as const
type StatusFilter = (typeof filters)[number]

/** /vendor/orders (spec §2 "/vendor/orders", §4 Order). */
export default function VendorOrdersPage() {
  const { t } = useTranslation()
  // The filter and page live in the address (?status=pending&page=2): reload, back and shared links keep them.
  const { status, page, update } = useListFilters(filters)
  const queryFilters: OrderFilters = { status, page, pageSize }
  const orders = useVendorOrders(queryFilters)
  const setStatus = useSetOrderStatus()
  const client = useQueryClient()
  const feedback = useFlashMessage()
  const [refunding, setRefunding] = useState<OrderDto | null>(null)
  // Six columns need room: beside the 240 px menu a table reads well from 1200 px; below, cards (two
  // side by side from 768 px), so nothing scrolls sideways on a small desktop or a tablet.
  const isDesktop = useMediaQuery('(min-width: 75em)', false, { getInitialValueInEffect: false })
  // Four filter labels side by side fit a 375 px phone in both languages at the small size.
  const isPhone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false })

  // The order whose button was pressed: once the list has settled, focus goes back to that order's next
  // action, or to the heading when the order left the filtered list (its button is gone with it).
  const {
    listRef,
    fallbackRef: titleRef,
    focusAfterUpdate,
  } = useFocusAfterUpdate(!setStatus.isPending && !orders.isFetching, orders.data)

  // A page that emptied (its last order changed status under a filter) moves back to the last page there is.
  const data = orders.data
  useEffect(() => {
    if (!data || data.items.length > 0 || page === 1) return
    update({ page: Math.max(1, Math.ceil(data.total / pageSize)) }, { replace: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer for this page comes back empty
  }, [data, page])

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
            // Someone (another tab, an admin) changed it first: show what it is now.
            void client.invalidateQueries({ queryKey: orderKeys.all })
            feedback.error(t('orders.invalidTransition'))
          } else {
            feedback.error(t('vendor.orders.updateFailed'), failureDetail(t, error))
          }
        },
        onSettled: () => focusAfterUpdate(order.id),
      },
    )
  }

  const busyId = setStatus.isPending ? (setStatus.variables?.id ?? null) : null
  const listProps = {
    busyId,
    onMarkCompleted: (order: OrderDto) => changeStatus(order, 'completed'),
    onRefund: (order: OrderDto) => {
      feedback.clear()
      setRefunding(order)
    },
  }

  return (
    <Stack gap="lg" maw={1200}>
      <Group component="header" justify="space-between" align="flex-end" gap="sm">
        <div>
          <FocusHeading order={1} ref={titleRef}>
            {t('vendor.orders.title')}
          </FocusHeading>
          <Text c="dimmed" mt={4}>
            {t('vendor.orders.subtitle')}
          </Text>
        </div>
        {data && (
          <Text fw={500} aria-live="polite">
            {t('vendor.orders.count', { count: data.total })}
          </Text>
        )}
      </Group>

      <SegmentedControl
        aria-label={t('vendor.orders.filterLabel')}
        value={status}
        onChange={(value) => update({ status: value as StatusFilter })}
        data={filters.map((value) => ({
          value,
          label: value === 'all' ? t('vendor.orders.filters.all') : t(`status.${value}`),
        }))}
        fullWidth
        maw={560}
        size={isPhone ? 'xs' : 'sm'}
      />

      <FlashAlert flash={feedback.flash} />

      <ListView
        query={orders}
        count={(list) => list.total}
        isDesktop={isDesktop}
        loadFailed={t('vendor.orders.loadFailed')}
        empty={{
          icon: IconShoppingCartOff,
          // Nothing at all yet, or nothing under this filter (spec §2: empty states for all and for a filter).
          title:
            status === 'all'
              ? t('vendor.orders.empty.allTitle')
              : t(`vendor.orders.empty.${status satisfies OrderStatus}`),
          body: t('vendor.orders.empty.allBody'),
          filtered:
            status === 'all'
              ? undefined
              : {
                  body: t('vendor.orders.empty.filteredBody'),
                  showAll: t('vendor.orders.empty.showAll'),
                  onShowAll: () => update({ status: 'all' }),
                },
        }}
        listRef={listRef}
        table={(list) => <OrderTable orders={list.items} {...listProps} />}
        cards={(list) => <OrderCards orders={list.items} {...listProps} />}
        pager={{
          page,
          pageSize,
          label: t('vendor.orders.pagesLabel'),
          onChange: (next) => update({ page: next }),
        }}
      />

      <RefundModal
        order={refunding}
        isPending={setStatus.isPending}
        onConfirm={(order) => changeStatus(order, 'refunded')}
        onClose={() => setRefunding(null)}
      />
    </Stack>
  )
}
