import { Box, Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { OrderDto } from '../../../shared/schemas/order'
import { Money } from '../../components/money'
import { StatusBadge } from '../../components/status-badge'
import { DateText } from '../../components/date-text'
import { OrderAction } from './order-details'
import { OrderCustomer, OrderProduct, orderColumns, shortId } from '../../components/order-parts'
import { ItemCard } from '../../components/item-card'
import { SelectAllBox, SelectOneBox } from '../../components/select-boxes'
import { DataTable, DateCell } from '../../components/data-table'

/** Only a pending order can be marked completed, so only pending orders can be selected. */
export const isSelectable = (order: OrderDto) => order.status === 'pending'

export type OrderListProps = {
  orders: OrderDto[]
  /** The order whose status change is on its way, if any. */
  busyId: string | null
  onMarkCompleted: (order: OrderDto) => void
  onRefund: (order: OrderDto) => void
  /** Ids ticked on this page (pending orders only). */
  selected: ReadonlySet<string>
  onSelect: (id: string, isSelected: boolean) => void
  onSelectAll: (isSelected: boolean) => void
}

type SelectAllProps = Pick<OrderListProps, 'orders' | 'selected' | 'onSelectAll'> & { withLabel?: boolean }
type RowProps = Omit<OrderListProps, 'orders' | 'onSelectAll'>

/** From 1200 px: one table row per order, newest first, with a box to select each pending one and all of them. */
export function OrderTable({ orders, selected, onSelectAll, ...actions }: OrderListProps) {
  const { t } = useTranslation()
  return (
    <DataTable
      label={t('vendor.orders.tableCaption')}
      items={orders}
      isSelected={(order) => selected.has(order.id)}
      columns={[
        {
          label: <SelectAll orders={orders} selected={selected} onSelectAll={onSelectAll} />,
          cell: (order) => <SelectOne order={order} selected={selected} onSelect={actions.onSelect} />,
        },
        // The selection's column leaves a little less room to the customer and the date: seven columns still fit
        // beside the menu at 1280 px, in Kinyarwanda's longer words too.
        ...orderColumns<OrderDto>(
          { product: t('vendor.orders.columns.product'), customer: t('vendor.orders.columns.customer') },
          150,
        ),
        {
          label: t('vendor.orders.columns.date'),
          miw: 120,
          cell: (order) => <DateCell value={order.createdAt} withTime />,
        },
        {
          label: t('vendor.orders.columns.total'),
          align: 'end',
          cell: (order) => (
            <>
              <Money amount={order.totalAmount} fw={600} style={{ whiteSpace: 'nowrap' }} />
              {/* The quantity under the total, with the unit price: "Qty 3 × RWF 12,500". */}
              <Text size="xs" c="dimmed">
                {t('vendor.orders.quantityLine', {
                  count: order.quantity,
                  // "RWF 12,500" stays on one line when the quantity wraps.
                  price: formatRwf(order.unitPrice).replace(' ', '\u00a0'),
                })}
              </Text>
            </>
          ),
        },
        {
          label: t('fields.status'),
          cell: (order) => <StatusBadge status={order.status} style={{ minWidth: 'max-content' }} />,
        },
        {
          label: t('fields.actions'),
          nowrap: true,
          cell: (order, nameId) => <OrderAction order={order} describedBy={nameId} {...actions} />,
        },
      ]}
    />
  )
}

/** Below 1200 px: one card per order, a pending one with its box to select it beside the product. */
export function OrderCard({ order, nameId, ...actions }: { order: OrderDto; nameId: string } & RowProps) {
  const { t } = useTranslation()
  return (
    <ItemCard
      item={order}
      labelledBy={nameId}
      title={
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
          {isSelectable(order) && (
            <Box pt={2}>
              <SelectOne order={order} selected={actions.selected} onSelect={actions.onSelect} />
            </Box>
          )}
          <OrderProduct order={order} nameId={nameId} />
        </Group>
      }
      labelWidth={120}
      fields={[
        { label: t('vendor.orders.columns.customer'), value: <OrderCustomer order={order} /> },
        { label: t('vendor.orders.columns.quantity'), value: order.quantity.toLocaleString('en-US') },
        { label: t('vendor.orders.columns.total'), value: <Money amount={order.totalAmount} fw={600} /> },
        { label: t('vendor.orders.columns.date'), value: <DateText value={order.createdAt} withTime /> },
      ]}
      actions={<OrderAction order={order} describedBy={nameId} {...actions} fullWidth />}
    />
  )
}

/**
 * Ticks every pending order on this page; part-ticked when only some are. In the table's header, and above the
 * cards `withLabel`. Not shown when the page has no pending order.
 */
export function SelectAll({ orders, ...box }: SelectAllProps) {
  const selectable = orders.filter(isSelectable)
  if (selectable.length === 0) return null
  return (
    <SelectAllBox ids={selectable.map((order) => order.id)} labelKey="vendor.orders.selectAll" {...box} />
  )
}

function SelectOne({
  order,
  selected,
  onSelect,
}: { order: OrderDto } & Pick<OrderListProps, 'selected' | 'onSelect'>) {
  const { t } = useTranslation()
  if (!isSelectable(order)) return null
  const label = t('vendor.orders.selectOne', { id: shortId(order.id) })
  return <SelectOneBox id={order.id} isSelected={selected.has(order.id)} onSelect={onSelect} label={label} />
}
