import { useId } from 'react'
import { Box, DataList, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { OrderDto } from '../../../shared/schemas/order'
import { Money } from '../../components/money'
import { StatusBadge } from '../../components/status-badge'
import { useFormatDateTime } from '../../components/format-date-time'
import { OrderAction, OrderCustomer, OrderProduct } from './order-details'

export type OrderListProps = {
  orders: OrderDto[]
  /** The order whose status change is on its way, if any. */
  busyId: string | null
  onMarkCompleted: (order: OrderDto) => void
  onRefund: (order: OrderDto) => void
}

/** From 1200 px: one table row per order, newest first. */
export function OrderTable({ orders, busyId, onMarkCompleted, onRefund }: OrderListProps) {
  const { t } = useTranslation()
  const formatDateTime = useFormatDateTime()
  const idPrefix = useId()
  return (
    <Table
      verticalSpacing="sm"
      horizontalSpacing="sm"
      highlightOnHover
      tabularNums
      aria-label={t('orders.tableCaption')}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('orders.columns.product')}</Table.Th>
          <Table.Th scope="col">{t('orders.columns.customer')}</Table.Th>
          <Table.Th scope="col">{t('orders.columns.date')}</Table.Th>
          <Table.Th scope="col" ta="end">
            {t('orders.columns.total')}
          </Table.Th>
          <Table.Th scope="col">{t('orders.columns.status')}</Table.Th>
          <Table.Th scope="col">{t('orders.columns.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {orders.map((order) => {
          const nameId = `${idPrefix}-${order.id}`
          return (
            <Table.Tr key={order.id} data-order-id={order.id}>
              <Table.Td maw={260}>
                {/* Floors for the product and customer columns: the others must not squeeze them to a word a line. */}
                <Box miw={170}>
                  <OrderProduct order={order} nameId={nameId} />
                </Box>
              </Table.Td>
              <Table.Td maw={240}>
                <Box miw={170}>
                  <OrderCustomer order={order} />
                </Box>
              </Table.Td>
              <Table.Td miw={130}>
                <Text size="sm" component="time" dateTime={order.createdAt}>
                  {formatDateTime(order.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td ta="end">
                <Money amount={order.totalAmount} fw={600} style={{ whiteSpace: 'nowrap' }} />
                {/* The quantity under the total, with the unit price: "Qty 3 × RWF 12,500". */}
                <Text size="xs" c="dimmed">
                  {t('orders.quantityLine', {
                    count: order.quantity,
                    // "RWF 12,500" stays on one line when the quantity wraps.
                    price: formatRwf(order.unitPrice).replace(' ', '\u00a0'),
                  })}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={order.status} style={{ minWidth: 'max-content' }} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <OrderAction
                  order={order}
                  describedBy={nameId}
                  isBusy={busyId === order.id}
                  isDisabled={busyId !== null && busyId !== order.id}
                  onMarkCompleted={onMarkCompleted}
                  onRefund={onRefund}
                />
              </Table.Td>
            </Table.Tr>
          )
        })}
      </Table.Tbody>
    </Table>
  )
}

/** Below 1200 px: one card per order (two side by side from 768 px), in a list. */
export function OrderCards({ orders, busyId, onMarkCompleted, onRefund }: OrderListProps) {
  const idPrefix = useId()
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, sm: 2 }}
      spacing="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard
            order={order}
            nameId={`${idPrefix}-${order.id}`}
            busyId={busyId}
            onMarkCompleted={onMarkCompleted}
            onRefund={onRefund}
          />
        </li>
      ))}
    </SimpleGrid>
  )
}

function OrderCard({
  order,
  nameId,
  busyId,
  onMarkCompleted,
  onRefund,
}: { order: OrderDto; nameId: string } & Omit<OrderListProps, 'orders'>) {
  const { t } = useTranslation()
  const formatDateTime = useFormatDateTime()
  return (
    <Paper
      component="article"
      data-order-id={order.id}
      aria-labelledby={nameId}
      withBorder
      radius="md"
      p="md"
      h="100%"
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <OrderProduct order={order} nameId={nameId} />
          <StatusBadge status={order.status} style={{ flexShrink: 0 }} />
        </Group>
        <DataList orientation="horizontal" size="sm" gap={6} labelWidth={120}>
          <DataList.Item>
            <DataList.ItemLabel>{t('orders.columns.customer')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <OrderCustomer order={order} />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('orders.columns.quantity')}</DataList.ItemLabel>
            <DataList.ItemValue>{order.quantity.toLocaleString('en-US')}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('orders.columns.total')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Money amount={order.totalAmount} fw={600} />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('orders.columns.date')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
        <div style={{ marginTop: 'auto' }}>
          <OrderAction
            order={order}
            describedBy={nameId}
            isBusy={busyId === order.id}
            isDisabled={busyId !== null && busyId !== order.id}
            onMarkCompleted={onMarkCompleted}
            onRefund={onRefund}
            fullWidth
          />
        </div>
      </Stack>
    </Paper>
  )
}
