import { Group, Stack, Text, Timeline, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { AdminOrderDetails, AdminOrderDto } from '../../../shared/schemas/order'
import { useAdminOrder } from '../../api/admin-orders'
import { DateText } from '../../components/date-text'
import { DetailsModal, DetailsPending } from '../../components/details-modal'
import { FieldList } from '../../components/field-list'
import { Money } from '../../components/money'
import { NoneText } from '../../components/none-text'
import {
  OrderDelivery,
  PhoneLink,
  deliveryLines,
  describeAttributes,
  shortId,
} from '../../components/order-parts'
import { StatusBadge } from '../../components/status-badge'
import { ActionBadge, Actor, Changes } from '../audit-logs/audit-log-list'

/**
 * One order (admin §2 "details"): what was sold, to whom, by which shop, and its history from the audit trail
 * (who created it, who changed its status, when), oldest first. It opens with the listed row and fills in.
 */
export function OrderDetailsModal({
  orderId,
  listed,
  onClose,
}: {
  orderId: string | null
  listed: AdminOrderDto | undefined
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <DetailsModal id={orderId} title={t('admin.orders.details.title')} onClose={onClose}>
      {(id) => <OrderDetailsContent id={id} listed={listed} />}
    </DetailsModal>
  )
}

function OrderDetailsContent({ id, listed }: { id: string; listed: AdminOrderDto | undefined }) {
  const { t } = useTranslation()
  const order = useAdminOrder(id, listed)
  if (!order.data) return <DetailsPending query={order} failedTitle={t('admin.orders.details.loadFailed')} />
  const data = order.data
  const attributes = describeAttributes(t, data.attributes)
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {data.productName}
          </Text>
          <Text size="sm" c="dimmed">
            {t('vendor.orders.orderNumber', { id: shortId(data.id) })}
          </Text>
        </div>
        <StatusBadge status={data.status} style={{ flexShrink: 0 }} />
      </Group>
      <FieldList
        labelWidth={140}
        gap={8}
        fields={[
          { label: t('admin.orders.columns.vendor'), value: data.shopName },
          {
            label: t('admin.orders.details.customer'),
            value: `${data.customerName} · ${data.customerEmail}`,
          },
          ...(data.customerPhone
            ? [{ label: t('orders.delivery.phone'), value: <PhoneLink order={data} size="sm" /> }]
            : []),
          ...(deliveryLines(t, data).length > 0 || data.deliveryNote
            ? [{ label: t('orders.delivery.address'), value: <OrderDelivery order={data} size="sm" /> }]
            : []),
          { label: t('fields.sku'), value: attributes ? `${data.sku} · ${attributes}` : data.sku },
          { label: t('admin.orders.details.quantity'), value: String(data.quantity) },
          { label: t('admin.orders.details.unitPrice'), value: <Money amount={data.unitPrice} /> },
          { label: t('admin.orders.columns.total'), value: <Money amount={data.totalAmount} fw={700} /> },
          { label: t('admin.orders.columns.date'), value: <DateText value={data.createdAt} withTime /> },
          ...(data.productId === null
            ? [{ label: t('admin.orders.details.product'), value: t('admin.orders.details.productGone') }]
            : []),
        ]}
      />
      <OrderHistory history={data.history} isLoading={order.isPlaceholderData} />
    </Stack>
  )
}

/** The order's audit entries as a timeline: the action, who (with their role), when, and what changed. */
function OrderHistory({ history, isLoading }: { history: AdminOrderDetails['history']; isLoading: boolean }) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="order-history-title">
      <Title order={3} size="h5" mb="sm" id="order-history-title">
        {t('admin.orders.details.history')}
      </Title>
      {history.length === 0 ? (
        <NoneText>
          {isLoading ? t('admin.orders.details.historyLoading') : t('admin.orders.details.noHistory')}
        </NoneText>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={history.length - 1}>
          {history.map((entry) => (
            <Timeline.Item
              key={entry.id}
              title={
                <Group gap="xs" wrap="wrap">
                  <ActionBadge action={entry.action} />
                  <DateText value={entry.createdAt} withTime />
                </Group>
              }
            >
              <Stack gap={4} mt={4}>
                <Actor entry={entry} />
                {entry.action === 'update' && <Changes entry={entry} />}
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </section>
  )
}
