import type { ReactNode } from 'react'
import { Button, ColorSwatch, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core'
import { IconEye, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { defaultTimeZone, orderStatuses, type OrderStatus } from '../../../shared/constants'
import { formatRwf } from '../../../shared/money'
import type { AdminOrderDto } from '../../../shared/schemas/order'
import { DataTable } from '../../components/data-table'
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
      w={isDense ? 128 : '100%'}
    />
  )
}

/** A status's colour as the badges show it (status-badge.tsx). */
const statusColor = (status: OrderStatus) => `var(--mantine-color-${statusColors[status]}-6)`

/** In the table: view and delete as icon buttons with tooltips. */
function RowActions({ order, acting, onView, onDelete }: RowProps) {
  const { t, about } = useAbout(order)
  // Each an icon with its tooltip, named for the order it acts on.
  const named = (action: 'view' | 'delete') => ({
    variant: 'subtle',
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

/** A cell's words, small, breaking anywhere rather than widening the table; a dimmed line under them. */
function DenseText({ main, detail, id }: { main: ReactNode; detail?: ReactNode; id?: string }) {
  return (
    <>
      <Text size="sm" id={id} style={{ overflowWrap: 'anywhere' }}>
        {main}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      )}
    </>
  )
}

/** The date, and the time on Kigali's clock under it. */
function DateAndTime({ value }: { value: string }) {
  const formatDate = useFormatDate()
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
 * much, its status (set from the row) and its actions. Below about 1,150 px it scrolls sideways in its own box.
 */
export function AdminOrderTable({ orders, ...actions }: AdminOrderListProps) {
  const { t } = useTranslation()
  return (
    <DataTable
      label={t('admin.orders.tableCaption')}
      items={orders}
      isDense
      minWidth={880}
      columns={[
        {
          label: t('admin.orders.columns.order'),
          nowrap: true,
          cell: (order, nameId) => (
            <Text size="sm" ff="monospace" id={nameId}>
              {shortId(order.id)}
            </Text>
          ),
        },
        {
          label: t('admin.orders.columns.date'),
          miw: 96,
          cell: (order) => <DateAndTime value={order.createdAt} />,
        },
        {
          label: t('admin.orders.columns.vendor'),
          maw: 180,
          cell: (order) => <DenseText main={order.shopName} />,
        },
        {
          label: t('admin.orders.columns.customer'),
          maw: 200,
          cell: (order) => <DenseText main={order.customerName} detail={<PhoneLink order={order} />} />,
        },
        {
          label: t('admin.orders.columns.product'),
          maw: 240,
          cell: (order) => (
            <DenseText
              main={order.productName}
              detail={[order.sku, describeAttributes(t, order.attributes)].filter(Boolean).join(' · ')}
            />
          ),
        },
        {
          label: t('admin.orders.columns.quantity'),
          align: 'end',
          cell: (order) => <Text size="sm">{order.quantity}</Text>,
        },
        {
          label: t('admin.orders.columns.total'),
          align: 'end',
          nowrap: true,
          cell: (order) => <Money amount={order.totalAmount} size="sm" fw={600} />,
        },
        {
          label: t('fields.status'),
          cell: (order) => <StatusSelect order={order} {...actions} isDense />,
        },
        {
          label: t('fields.actions'),
          nowrap: true,
          cell: (order) => <RowActions order={order} {...actions} />,
        },
      ]}
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
