import type { ReactNode } from 'react'
import { Box, Button, ColorSwatch, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconEye, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { defaultTimeZone, orderStatuses, type OrderStatus } from '../../../shared/constants'
import { formatRwf } from '../../../shared/money'
import type { AdminOrderDto } from '../../../shared/schemas/order'
import { DataTable, type Column } from '../../components/data-table'
import { DateText } from '../../components/date-text'
import { useFormatDate } from '../../components/format-date'
import { IconButton } from '../../components/icon-button'
import { ItemCard } from '../../components/item-card'
import { Money } from '../../components/money'
import {
  OrderCustomer,
  OrderProduct,
  PhoneLink,
  describeAttributes,
  shortId,
} from '../../components/order-parts'
import { statusColors } from '../../components/status-badge'

/** A change on its way: its row shows progress, and every other row's controls wait for it. */
export type Acting = { id: string; kind: 'status' | 'delete' }

export type AdminOrderListProps = {
  orders: AdminOrderDto[]
  acting: Acting | null
  onView: (order: AdminOrderDto) => void
  onStatus: (order: AdminOrderDto, status: OrderStatus) => void
  onDelete: (order: AdminOrderDto) => void
}

type RowProps = Omit<AdminOrderListProps, 'orders'> & { order: AdminOrderDto }

/** What the row's controls say to a screen reader: which order, whose, for how much. */
function useAbout(order: AdminOrderDto) {
  const { t } = useTranslation()
  return {
    t,
    about: { id: shortId(order.id), customer: order.customerName, total: formatRwf(order.totalAmount) },
  }
}

/**
 * The row's status selector (specification §4: any status, freely), with the status's colour as a dot before it,
 * as its badge has elsewhere (the word says it; the colour only repeats it). It changes at once; while the change
 * is on its way it shows a loader and every selector waits.
 */
function StatusSelect({ order, acting, onStatus, isDense = false }: RowProps & { isDense?: boolean }) {
  const { t, about } = useAbout(order)
  const isChanging = acting?.id === order.id && acting.kind === 'status'
  return (
    <NativeSelect
      aria-label={t('admin.orders.statusLabel', about)}
      value={order.status}
      disabled={acting !== null}
      onChange={(event) => onStatus(order, event.currentTarget.value as OrderStatus)}
      data={orderStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
      leftSection={<ColorSwatch color={statusColor(order.status)} size={10} withShadow={false} aria-hidden />}
      leftSectionPointerEvents="none"
      rightSection={
        isChanging ? <Loader size={14} aria-label={t('admin.orders.statusChanging')} /> : undefined
      }
      size={isDense ? 'xs' : 'sm'}
      w={isDense ? 104 : '100%'}
    />
  )
}

/** A status's colour as the badges show it (status-badge.tsx). */
const statusColor = (status: OrderStatus) => `var(--mantine-color-${statusColors[status]}-6)`

/** In the table: view and delete as icon buttons with tooltips (a pointer's size in the dense table). */
function RowActions({ order, acting, onView, onDelete, isDense = false }: RowProps & { isDense?: boolean }) {
  const { t, about } = useAbout(order)
  // Each an icon with its tooltip, named for the order it acts on.
  const named = (action: 'view' | 'delete') => ({
    variant: 'subtle',
    size: isDense ? 'md' : 'lg',
    label: t(action === 'view' ? 'admin.orders.viewLabel' : 'admin.orders.deleteLabel', about),
    tooltip: t(action === 'view' ? 'admin.orders.view' : 'admin.orders.delete'),
  })
  return (
    <Group gap={4} wrap="nowrap">
      <IconButton {...named('view')} color="gray" icon={IconEye} onClick={() => onView(order)} />
      <IconButton
        {...named('delete')}
        color="red.9"
        icon={IconTrash}
        disabled={acting !== null}
        onClick={() => onDelete(order)}
      />
    </Group>
  )
}

/** "Qty 3 × RWF 12,500" under the total. */
function QuantityLine({ order }: { order: AdminOrderDto }) {
  const { t } = useTranslation()
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {t('vendor.orders.quantityLine', { count: order.quantity, price: formatRwf(order.unitPrice) })}
    </Text>
  )
}

/**
 * A cell's words, small, on at most `lines` lines (the rest cut with an ellipsis, whole in its tooltip and for
 * screen readers), so a long shop or product name does not make its row tall; a dimmed line under them.
 */
function DenseText({
  main,
  detail,
  lines = 2,
  miw,
}: {
  main: string
  detail?: ReactNode
  lines?: number
  miw: number
}) {
  return (
    <Box miw={miw}>
      <Text size="sm" lineClamp={lines} title={main} style={{ overflowWrap: 'anywhere' }}>
        {main}
      </Text>
      {detail}
    </Box>
  )
}

/** The date, and the time on Kigali's clock under it. */
function DateAndTime({ value }: { value: string }) {
  const formatDate = useFormatDate('medium')
  return (
    <time dateTime={value}>
      <Text size="sm" component="span" display="block">
        {formatDate(value)}
      </Text>
      <Text size="xs" c="dimmed" component="span" display="block">
        {kigaliClock.format(new Date(value))}
      </Text>
    </time>
  )
}

const kigaliClock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: defaultTimeZone,
})

/**
 * At a desk (Mantine's md, 992 px, and wider): one dense row per order, newest first, so a screen holds a page of
 * 25 rather than four cards: the order, when, which shop, who bought (and their phone), what, how many, for how
 * much, its status (set from the row) and its actions. From 1280 px each has its own column; below, beside the
 * 240 px menu, the date goes under the order's number and the quantity under its total, so the row still fits.
 * Each column keeps a floor, and should the words of a language not fit even so, the table scrolls sideways in
 * its own box, never the page.
 */
export function AdminOrderTable({ orders, ...actions }: AdminOrderListProps) {
  const { t } = useTranslation()
  const isWide = useMediaQuery('(min-width: 80em)', false, { getInitialValueInEffect: false })
  const column = {
    order: {
      label: t('admin.orders.columns.order'),
      cell: (order, nameId) => (
        <>
          <Text size="xs" ff="monospace" id={nameId}>
            {shortId(order.id)}
          </Text>
          {!isWide && <DateAndTime value={order.createdAt} />}
        </>
      ),
    },
    date: {
      label: t('admin.orders.columns.date'),
      // "Nov 28, 2026" on one line; a longer month name ("28 Ugushyingo 2026") wraps.
      miw: 100,
      cell: (order) => <DateAndTime value={order.createdAt} />,
    },
    shop: {
      label: t('admin.orders.columns.vendor'),
      maw: 200,
      cell: (order) => <DenseText main={order.shopName} miw={isWide ? 110 : 80} />,
    },
    customer: {
      label: t('admin.orders.columns.customer'),
      maw: 220,
      cell: (order) => (
        <DenseText main={order.customerName} miw={isWide ? 120 : 90} detail={<PhoneLink order={order} />} />
      ),
    },
    product: {
      label: t('admin.orders.columns.product'),
      maw: 260,
      cell: (order) => {
        const variant = [order.sku, describeAttributes(t, order.attributes)].filter(Boolean).join(' · ')
        return (
          <DenseText
            main={order.productName}
            miw={isWide ? 130 : 96}
            detail={
              <Text size="xs" c="dimmed" lineClamp={1} title={variant} style={{ overflowWrap: 'anywhere' }}>
                {variant}
              </Text>
            }
          />
        )
      },
    },
    quantity: {
      label: t('admin.orders.columns.quantity'),
      align: 'end',
      cell: (order) => <Text size="sm">{order.quantity}</Text>,
    },
    total: {
      label: t('admin.orders.columns.total'),
      align: 'end',
      cell: (order) => (
        <>
          <Money amount={order.totalAmount} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} />
          {!isWide && (
            <Text size="xs" c="dimmed">
              {t('admin.orders.columns.quantity')} {order.quantity}
            </Text>
          )}
        </>
      ),
    },
    status: {
      label: t('fields.status'),
      cell: (order) => <StatusSelect order={order} {...actions} isDense />,
    },
    actions: {
      label: t('fields.actions'),
      nowrap: true,
      cell: (order) => <RowActions order={order} {...actions} isDense />,
    },
  } satisfies Record<string, Column<AdminOrderDto>>
  const { order, date, shop, customer, product, quantity, total, status } = column
  return (
    <DataTable
      label={t('admin.orders.tableCaption')}
      items={orders}
      isDense
      minWidth={isWide ? 960 : 700}
      columns={
        isWide
          ? [order, date, shop, customer, product, quantity, total, status, column.actions]
          : [order, shop, customer, product, total, status, column.actions]
      }
    />
  )
}

/** Below desk width: one card per order, its controls as buttons to tap. */
export function AdminOrderCard({ order, nameId, ...actions }: RowProps & { nameId: string }) {
  const { t, about } = useAbout(order)
  return (
    <ItemCard
      item={order}
      labelledBy={nameId}
      title={<OrderProduct order={order} nameId={nameId} />}
      labelWidth={110}
      fields={[
        { label: t('admin.orders.columns.customer'), value: <OrderCustomer order={order} /> },
        { label: t('admin.orders.columns.vendor'), value: order.shopName },
        {
          label: t('admin.orders.columns.total'),
          value: (
            <>
              <Money amount={order.totalAmount} fw={700} />
              <QuantityLine order={order} />
            </>
          ),
        },
        { label: t('admin.orders.columns.date'), value: <DateText value={order.createdAt} withTime /> },
      ]}
      actions={
        <Stack gap="xs">
          <StatusSelect order={order} {...actions} />
          <Group gap="xs" grow>
            <Button
              variant="default"
              size="sm"
              leftSection={<IconEye size={16} aria-hidden />}
              aria-label={t('admin.orders.viewLabel', about)}
              onClick={() => actions.onView(order)}
            >
              {t('admin.orders.view')}
            </Button>
            <Button
              variant="light"
              color="red.9"
              size="sm"
              leftSection={<IconTrash size={16} aria-hidden />}
              aria-label={t('admin.orders.deleteLabel', about)}
              disabled={actions.acting !== null}
              onClick={() => actions.onDelete(order)}
            >
              {t('admin.orders.delete')}
            </Button>
          </Group>
        </Stack>
      }
    />
  )
}
