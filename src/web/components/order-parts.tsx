import { Anchor, Box, Text } from '@mantine/core'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { colors, type Color } from '../../shared/constants'
import { formatPhone } from '../../shared/phone'
import { provinceOf } from '../../shared/rwanda'
import type { OrderDto } from '../../shared/schemas/order'
import type { Column } from './data-table'

/** What an order shows of itself on the vendor's and the admin's order screens. */

/** Ids are shown by their first 8 characters (docs/architecture.md): enough to quote an order to support. */
export const shortId = (id: string) => id.slice(0, 8)

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)
const isColor = (value: string): value is Color => (colors as readonly string[]).includes(value)

/**
 * "Color: Red · Size: M", or nothing for a product without variants. Colour names come from the products
 * vocabulary (spec §3 Colors); an order keeps a snapshot, so a colour outside it still shows, as written.
 */
export function describeAttributes(t: TFunction, attributes: OrderDto['attributes']): string {
  const parts: string[] = []
  const { color, size } = attributes
  if (color)
    parts.push(`${t('vendor.orders.color')}: ${isColor(color) ? t(`colors.${color}`) : capitalise(color)}`)
  // Letter sizes read in capitals (XL); shoe sizes are numbers and stay as they are.
  if (size) parts.push(`${t('vendor.orders.size')}: ${size.toUpperCase()}`)
  return parts.join(' · ')
}

/** Product name, order number, SKU and variant: the first thing each row or card says. */
export function OrderProduct({ order, nameId }: { order: OrderDto; nameId: string }) {
  const { t } = useTranslation()
  const attributes = describeAttributes(t, order.attributes)
  return (
    <div style={{ minWidth: 0 }}>
      <Text fw={600} id={nameId} style={{ overflowWrap: 'anywhere' }}>
        {order.productName}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('vendor.orders.orderNumber', { id: shortId(order.id) })}
        {' · '}
        {t('fields.sku')}: {order.sku}
      </Text>
      {attributes && (
        <Text size="xs" c="dimmed">
          {attributes}
        </Text>
      )}
    </div>
  )
}

/**
 * The delivery address as lines a courier reads: the address line, then cell and sector, then district and
 * province ("KK 15 Ave" / "Nyakabanda Cell · Niboye Sector" / "Kicukiro District, Kigali City"); none when the
 * order has no address.
 */
export function deliveryLines(t: TFunction, order: OrderDto): string[] {
  const province = order.deliveryDistrict ? provinceOf(order.deliveryDistrict) : null
  const place = [
    order.deliveryCell && t('orders.delivery.cell', { cell: order.deliveryCell }),
    order.deliverySector && t('orders.delivery.sector', { sector: order.deliverySector }),
  ].filter(Boolean)
  const area = [
    order.deliveryDistrict && t('orders.delivery.district', { district: order.deliveryDistrict }),
    province && t(`orders.delivery.provinces.${province}`),
  ].filter(Boolean)
  return [order.deliveryAddress ?? '', place.join(' · '), area.join(', ')].filter((line) => line !== '')
}

/** The customer's phone as a link that calls it (a vendor on a phone taps it), in its international form. */
export function PhoneLink({ order, size = 'xs' }: { order: OrderDto; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation()
  if (!order.customerPhone) return null
  const shown = formatPhone(order.customerPhone)
  return (
    <Anchor
      href={`tel:${order.customerPhone}`}
      size={size}
      aria-label={t('orders.delivery.call', { name: order.customerName, phone: shown })}
      style={{ whiteSpace: 'nowrap', display: 'block' }}
    >
      {shown}
    </Anchor>
  )
}

/** Where the goods go: the address lines and the landmark or note, small, under the customer. */
export function OrderDelivery({ order, size = 'xs' }: { order: OrderDto; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation()
  const lines = deliveryLines(t, order)
  if (lines.length === 0 && !order.deliveryNote) return null
  return (
    <div style={{ minWidth: 0 }} data-testid="order-delivery">
      {lines.map((line) => (
        <Text key={line} size={size} style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
      {order.deliveryNote && (
        <Text size={size} c="dimmed" fs="italic" style={{ overflowWrap: 'anywhere' }}>
          {order.deliveryNote}
        </Text>
      )}
    </div>
  )
}

/** Customer name, a mail link to them, and when the order has them, a call link and the delivery address. */
export function OrderCustomer({ order }: { order: OrderDto }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {order.customerName}
      </Text>
      {/* An address has no spaces to wrap at: in a narrow column it may break anywhere rather than overflow. */}
      <Anchor href={`mailto:${order.customerEmail}`} size="xs" style={{ overflowWrap: 'anywhere' }}>
        {order.customerEmail}
      </Anchor>
      <PhoneLink order={order} />
      <OrderDelivery order={order} />
    </div>
  )
}

/**
 * The first two columns of both areas' order tables: the product (which names the row) and the customer, with
 * floors so that the other columns do not squeeze them to a word a line.
 */
export function orderColumns<Order extends OrderDto>(
  labels: { product: string; customer: string },
  customerMiw: number,
): Column<Order>[] {
  return [
    {
      label: labels.product,
      maw: 260,
      cell: (order, nameId) => (
        <Box miw={170}>
          <OrderProduct order={order} nameId={nameId} />
        </Box>
      ),
    },
    {
      label: labels.customer,
      maw: 240,
      cell: (order) => (
        <Box miw={customerMiw}>
          <OrderCustomer order={order} />
        </Box>
      ),
    },
  ]
}
