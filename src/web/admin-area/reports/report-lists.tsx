import { Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { AdminReport, ReportOrder, ReportVendor } from '../../../shared/schemas/report'
import { DateText } from '../../components/date-text'
import { FieldList } from '../../components/field-list'
import { Money } from '../../components/money'
import { NoneText } from '../../components/none-text'
import { SectionCard } from '../../components/section-card'
import { StatusBadge, type Status } from '../../components/status-badge'
import { formatAverageRwf, formatCount, formatTenths } from './report-format'

/** The growth overview (specification §2, §9), as label–value pairs: rates and averages the server rounded. */
export function GrowthOverview({ report: { growth, period } }: { report: AdminReport }) {
  const { t } = useTranslation()
  return (
    <SectionCard id="admin-report-growth" title={t('admin.reports.growth.title')}>
      <FieldList
        orientation="vertical"
        fields={[
          { label: t('admin.reports.growth.approvalRate'), value: `${formatTenths(growth.approvalRate)}%` },
          {
            label: t('admin.reports.growth.productsPerVendor'),
            value: formatTenths(growth.productsPerVendor),
          },
          {
            label: t('admin.reports.growth.averageOrderValue'),
            value: formatAverageRwf(growth.averageOrderValue),
          },
          {
            label: t('admin.reports.growth.recentOrders'),
            value: t('admin.reports.cards.ordersHint', {
              recent: formatCount(growth.recentOrders),
              days: period.days,
            }),
          },
        ]}
      />
    </SectionCard>
  )
}

type Line = { id: string; title: string; detail: string; status: Status; at: string; amount?: number }

/**
 * A titled short list (at most 5 rows), or the quiet line saying there is nothing yet. Each line: what it is
 * and its amount, if any; under it where from; then when, and the status.
 */
function ShortList({ name, lines }: { name: 'recentOrders' | 'newVendors'; lines: Line[] }) {
  const { t } = useTranslation()
  return (
    <SectionCard id={`admin-report-${name}`} title={t(`admin.reports.${name}.title`)}>
      {lines.length === 0 ? (
        <NoneText>{t(`admin.reports.${name}.empty`)}</NoneText>
      ) : (
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {lines.map((line) => (
            <li key={line.id}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {line.title}
                </Text>
                {line.amount !== undefined && (
                  <Money amount={line.amount} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} />
                )}
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {line.detail}
              </Text>
              <Group justify="space-between" gap="xs" mt={2}>
                <Text size="xs" c="dimmed">
                  <DateText value={line.at} withTime />
                </Text>
                <StatusBadge status={line.status} size="sm" />
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </SectionCard>
  )
}

const orderLine = (order: ReportOrder): Line => ({
  ...order,
  title: order.customerName,
  detail: `${order.productName} · ${order.shopName}`,
  amount: order.totalAmount,
  at: order.createdAt,
})

const vendorLine = (vendor: ReportVendor): Line => ({
  ...vendor,
  title: vendor.shopName,
  detail: `${vendor.ownerName} · ${vendor.ownerEmail}`,
  at: vendor.createdAt,
})

/**
 * The 5 newest orders (customer, product and shop, amount, status, time) and the 5 newest vendors (shop, owner,
 * status, when they registered), as specification §9 lists them.
 */
export function LatestLists({ report }: { report: AdminReport }) {
  return (
    <>
      <ShortList name="recentOrders" lines={report.recentOrders.map(orderLine)} />
      <ShortList name="newVendors" lines={report.newVendors.map(vendorLine)} />
    </>
  )
}
