import { useState } from 'react'
import { Button, Stack, Text, useMantineTheme } from '@mantine/core'
import { IconFileImport, IconPlus, IconShoppingCart } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { OrderStatus } from '../../shared/constants'
import { formatRwf } from '../../shared/money'
import { adminOrderStatusFilters, type AdminOrderDto } from '../../shared/schemas/order'
import { ordersExportPath, useAdminOrders, useDeleteOrder, useSetOrderStatus } from '../api/admin-orders'
import { ConfirmModal } from '../components/confirm-modal'
import { DateRangeFilter } from '../components/date-range-filter'
import { allDates, dayRangeQuery, isDayRangeOn, kigaliToday, readDayRange } from '../components/day-range'
import { DownloadButton } from '../components/download-button'
import { ListPage, useListPage } from '../components/list-page'
import { pageSizeOf } from '../components/page-size-select'
import { SearchAndSelect } from '../components/search-and-select'
import { failureDetail } from '../components/use-flash-message'
import { useListFilters } from '../components/use-list-filters'
import { CreateOrderModal } from './orders/create-order-modal'
import { ImportOrdersModal } from './orders/import-orders-modal'
import { OrderDetailsModal } from './orders/order-details-modal'
import { AdminOrderCard, AdminOrderTable, type Acting } from './orders/order-list'
import { OrderSummary } from './orders/order-summary'
import { ShopFilter } from './orders/shop-filter'

/**
 * /admin/orders (admin §2 "/admin/orders"): every shop's orders, searched and filtered on the server, with the
 * four cards of the filter; a status set from the row, a deletion asked first, the details with the order's
 * history; and the order form, the CSV import (with a preview) and the export of what the filters show.
 * Orders whose product changed or went keep their snapshot and stay listed (README: deliberate divergences).
 */
export default function AdminOrdersPage() {
  const { t } = useTranslation()
  const theme = useMantineTheme()
  const filters = useListFilters(adminOrderStatusFilters, ['vendor', 'days', 'from', 'to', 'pageSize'])
  const { q, status, page, after, before, update } = filters
  const range = readDayRange(filters, kigaliToday())
  const { pageSize, onPageSize } = pageSizeOf(filters)
  const search = { q: q.trim(), status, vendorId: filters.vendor, ...dayRangeQuery(range) }
  const orders = useAdminOrders({ ...search, page, after, before, pageSize })
  const setStatus = useSetOrderStatus()
  const remove = useDeleteOrder()
  const [acting, setActing] = useState<Acting | null>(null)
  const [viewing, setViewing] = useState<AdminOrderDto | null>(null)
  const [deleting, setDeleting] = useState<AdminOrderDto | null>(null)
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null)
  const list = useListPage(orders, {
    filters,
    pageSize,
    isActing: acting !== null,
    // A dense table at a desk (Mantine's md, 992 px, and wider): a screen holds a page; below, one card per order.
    tableFrom: theme.breakpoints.md,
    onPageSize,
  })

  const changeStatus = (order: AdminOrderDto, next: OrderStatus) => {
    list.feedback.clear()
    setActing({ id: order.id, kind: 'status' })
    setStatus.mutate(
      { id: order.id, status: next },
      {
        onSuccess: () => list.feedback.success(t('admin.orders.statusUpdated')),
        onError: (error) => list.feedback.error(t('admin.orders.statusFailed'), failureDetail(t, error)),
        onSettled: () => {
          setActing(null)
          list.focusAfterUpdate(order.id)
        },
      },
    )
  }

  const confirmDelete = (order: AdminOrderDto) => {
    setActing({ id: order.id, kind: 'delete' })
    const report = list.reportFor(order.id, () => setDeleting(null))
    remove.mutate(
      { id: order.id },
      {
        onSuccess: () => report.success(t('admin.orders.deleted')),
        onError: (error) => report.error(t('admin.orders.deleteFailed'), failureDetail(t, error)),
        onSettled: () => {
          setActing(null)
          report.settled?.()
        },
      },
    )
  }

  const isFiltered = search.q !== '' || status !== 'all' || search.vendorId !== '' || isDayRangeOn(range)
  const listProps = {
    acting,
    onView: setViewing,
    onStatus: changeStatus,
    onDelete: list.afterClearing((order: AdminOrderDto) => setDeleting(order)),
  }

  return (
    <ListPage
      {...list.view}
      texts="admin.orders"
      tools={
        <>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog('create')}>
            {t('admin.orders.create.open')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileImport size={16} aria-hidden />}
            onClick={() => setDialog('import')}
          >
            {t('admin.orders.import.open')}
          </Button>
          <DownloadButton
            href={ordersExportPath(search)}
            label={t('admin.orders.export')}
            hint={t('admin.orders.exportHint')}
          />
        </>
      }
      filters={
        <>
          <OrderSummary summary={orders.data?.summary} isCapped={orders.data?.summaryIsCapped ?? false} />
          <SearchAndSelect
            filters={filters}
            texts="admin.orders"
            label={t('admin.orders.filterLabel')}
            labelOf={(value) => (value === 'all' ? t('admin.orders.filters.all') : t(`status.${value}`))}
          >
            <ShopFilter
              vendorId={search.vendorId}
              knownName={orders.data?.items.find((order) => order.vendorId === search.vendorId)?.shopName}
              onChange={(vendor) => update({ vendor })}
            />
            <DateRangeFilter range={range} onChange={update} />
          </SearchAndSelect>
        </>
      }
      emptyIcon={IconShoppingCart}
      onShowAll={isFiltered ? () => update({ q: '', status: 'all', vendor: null, ...allDates }) : undefined}
      table={(items) => <AdminOrderTable orders={items} {...listProps} />}
      card={(order, nameId) => <AdminOrderCard order={order} nameId={nameId} {...listProps} />}
    >
      <OrderDetailsModal
        orderId={viewing?.id ?? null}
        listed={viewing ?? undefined}
        onClose={() => setViewing(null)}
      />
      <ConfirmModal
        subject={deleting}
        title={t('admin.orders.deleteDialog.title')}
        confirmLabel={t('admin.orders.deleteDialog.confirm')}
        color="red"
        isPending={acting?.kind === 'delete'}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {(order) => (
          <Stack gap="xs">
            <Text>{t('admin.orders.deleteDialog.body')}</Text>
            <Text size="sm" c="dimmed">
              {t('admin.orders.deleteDialog.detail', {
                id: order.id.slice(0, 8),
                customer: order.customerName,
                total: formatRwf(order.totalAmount),
              })}
            </Text>
          </Stack>
        )}
      </ConfirmModal>
      <CreateOrderModal
        opened={dialog === 'create'}
        onClose={() => setDialog(null)}
        onCreated={() => list.feedback.success(t('admin.orders.create.success'))}
      />
      <ImportOrdersModal opened={dialog === 'import'} onClose={() => setDialog(null)} />
    </ListPage>
  )
}
