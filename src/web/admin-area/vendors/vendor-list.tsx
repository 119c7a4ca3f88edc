import { useId, type ReactNode } from 'react'
import { Anchor, Box, Button, Group, Stack, Table, Text, Title } from '@mantine/core'
import { IconCheck, IconEye, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { AdminVendorRow } from '../../../shared/schemas/vendor'
import { CardList } from '../../components/card-list'
import { FieldList } from '../../components/field-list'
import { useFormatDate } from '../../components/format-date'
import { ItemCard } from '../../components/item-card'
import { StatusBadge } from '../../components/status-badge'
import type { Acting } from './use-vendor-decisions'
import { DataTable } from '../../components/data-table'

export type VendorListProps = {
  vendors: AdminVendorRow[]
  /** The decision on its way, if any: its button says so, and every Approve and Reject waits for it. */
  acting: Acting | null
  onView: (vendor: AdminVendorRow) => void
  onApprove: (vendor: AdminVendorRow) => void
  onReject: (vendor: AdminVendorRow) => void
}

type RowProps = Omit<VendorListProps, 'vendors'> & { vendor: AdminVendorRow; nameId: string }

/** From 1200 px: one table row per application, newest first. */
export function VendorTable({ vendors, ...actions }: VendorListProps) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  const idPrefix = useId()
  return (
    <DataTable
      label={t('admin.vendors.tableCaption')}
      columns={[
        { label: t('admin.vendors.columns.vendor') },
        { label: t('admin.vendors.columns.contact') },
        { label: t('admin.vendors.columns.business') },
        { label: t('fields.status') },
        { label: t('admin.vendors.columns.applied') },
        { label: t('admin.vendors.columns.plan') },
        { label: t('fields.actions') },
      ]}
    >
      {vendors.map((vendor) => {
        const nameId = `${idPrefix}-${vendor.id}`
        return (
          <Table.Tr key={vendor.id} data-row-id={vendor.id}>
            <Table.Td maw={220}>
              <Box miw={140}>
                <Text fw={600} size="sm" id={nameId} style={{ overflowWrap: 'anywhere' }}>
                  {vendor.shopName}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {vendor.fullName}
                </Text>
              </Box>
            </Table.Td>
            <Table.Td maw={240}>
              <Box miw={150}>
                <Contact vendor={vendor} />
              </Box>
            </Table.Td>
            <Table.Td maw={220}>
              <Text size="sm" miw={130} style={{ overflowWrap: 'anywhere' }}>
                {vendor.businessAddress}
              </Text>
            </Table.Td>
            <Table.Td maw={200}>
              <StatusCell vendor={vendor} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" component="time" dateTime={vendor.createdAt} miw={80}>
                {formatDate(vendor.createdAt)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Plan vendor={vendor} />
            </Table.Td>
            <Table.Td>
              <VendorActions vendor={vendor} nameId={nameId} {...actions} layout="stack" />
            </Table.Td>
          </Table.Tr>
        )
      })}
    </DataTable>
  )
}

/** Below 1200 px: one card per application (two side by side from 768 px), in a list. */
export function VendorCards({ vendors, ...actions }: VendorListProps) {
  const idPrefix = useId()
  return (
    <CardList items={vendors} keyOf={(vendor) => vendor.id}>
      {(vendor) => <VendorCard vendor={vendor} nameId={`${idPrefix}-${vendor.id}`} {...actions} />}
    </CardList>
  )
}

function VendorCard({ vendor, nameId, ...actions }: RowProps) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  return (
    <ItemCard labelledBy={nameId} rowId={vendor.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h5" id={nameId} style={{ overflowWrap: 'anywhere' }}>
            {vendor.shopName}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {vendor.fullName}
          </Text>
        </div>
        <StatusBadge status={vendor.status} style={{ flexShrink: 0 }} />
      </Group>
      <FieldList
        labelWidth={110}
        gap={6}
        fields={[
          { label: t('admin.vendors.columns.contact'), value: <Contact vendor={vendor} /> },
          { label: t('admin.vendors.columns.business'), value: vendor.businessAddress },
          {
            label: t('admin.vendors.columns.applied'),
            value: <time dateTime={vendor.createdAt}>{formatDate(vendor.createdAt)}</time>,
          },
          { label: t('admin.vendors.columns.plan'), value: <Plan vendor={vendor} /> },
        ]}
      />
      {vendor.status === 'rejected' && vendor.decisionReason && (
        <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {t('admin.vendors.reasonLine', { reason: vendor.decisionReason })}
        </Text>
      )}
      <div style={{ marginTop: 'auto' }}>
        <VendorActions vendor={vendor} nameId={nameId} {...actions} layout="row" />
      </div>
    </ItemCard>
  )
}

/** E-mail and phone, each a link that starts writing or calling. */
function Contact({ vendor }: { vendor: AdminVendorRow }) {
  const { t } = useTranslation()
  return (
    <Stack gap={2}>
      <Anchor href={`mailto:${vendor.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {vendor.email}
      </Anchor>
      {vendor.phone ? (
        <Anchor href={`tel:${vendor.phone}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {vendor.phone}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          {t('common.notSet')}
        </Text>
      )}
    </Stack>
  )
}

function StatusCell({ vendor }: { vendor: AdminVendorRow }) {
  const { t } = useTranslation()
  return (
    <Stack gap={4} align="flex-start">
      <StatusBadge status={vendor.status} style={{ minWidth: 'max-content' }} />
      {vendor.status === 'rejected' && vendor.decisionReason && (
        <Text
          size="xs"
          c="dimmed"
          lineClamp={2}
          title={vendor.decisionReason}
          style={{ overflowWrap: 'anywhere' }}
        >
          {t('admin.vendors.reasonLine', { reason: vendor.decisionReason })}
        </Text>
      )}
    </Stack>
  )
}

/** The current plan, and a paid plan waiting for its payment when there is one. */
function Plan({ vendor }: { vendor: AdminVendorRow }) {
  const { t } = useTranslation()
  return (
    <div>
      <Text size="sm">{t(`admin.vendors.plans.${vendor.plan}`)}</Text>
      {vendor.requestedPlan && vendor.requestedPlan !== vendor.plan && (
        <Text size="xs" c="dimmed">
          {t('admin.vendors.requestedPlan', { plan: t(`admin.vendors.plans.${vendor.requestedPlan}`) })}
        </Text>
      )}
    </div>
  )
}

/**
 * View, and for a pending application Approve and Reject. While a decision runs, its button reads
 * 'Approving...' or 'Rejecting...' and every decision button looks disabled and ignores clicks; they stay
 * focusable (aria-disabled), so keyboard focus is not thrown to the top of the page.
 */
export function VendorActions({
  vendor,
  nameId,
  acting,
  onView,
  onApprove,
  onReject,
  layout,
}: RowProps & { layout: 'stack' | 'row' }) {
  const { t } = useTranslation()
  const isBusy = acting !== null
  const isActingHere = acting?.id === vendor.id
  const busyProps = isBusy ? { 'data-disabled': true, 'aria-disabled': true } : {}
  const size = layout === 'row' ? 'sm' : 'xs'
  // On a card the buttons share the width, and a long label ('Birimo kwemezwa...') wraps to a row of its own.
  const fill = layout === 'row' ? { style: { flex: '1 1 auto' } } : {}
  const Layout = layout === 'row' ? RowLayout : StackLayout
  return (
    <Layout>
      <Button
        size={size}
        {...fill}
        variant="default"
        leftSection={<IconEye size={16} aria-hidden />}
        aria-describedby={nameId}
        onClick={() => onView(vendor)}
      >
        {t('admin.vendors.view')}
      </Button>
      {vendor.status === 'pending' && (
        <>
          <Button
            size={size}
            {...fill}
            color="green.9"
            leftSection={<IconCheck size={16} aria-hidden />}
            aria-describedby={nameId}
            {...busyProps}
            onClick={() => !isBusy && onApprove(vendor)}
          >
            {isActingHere && acting.status === 'approved'
              ? t('admin.vendors.approving')
              : t('admin.vendors.approve')}
          </Button>
          <Button
            size={size}
            {...fill}
            variant="outline"
            color="red.9"
            leftSection={<IconX size={16} aria-hidden />}
            aria-describedby={nameId}
            {...busyProps}
            onClick={() => !isBusy && onReject(vendor)}
          >
            {isActingHere && acting.status === 'rejected'
              ? t('admin.vendors.rejecting')
              : t('admin.vendors.reject')}
          </Button>
        </>
      )}
    </Layout>
  )
}

const RowLayout = ({ children }: { children: ReactNode }) => (
  <Group gap="xs" wrap="wrap">
    {children}
  </Group>
)

/** In the table the buttons stack, so seven columns fit beside the menu without scrolling sideways. */
const StackLayout = ({ children }: { children: ReactNode }) => (
  <Stack gap={4} align="stretch" w="max-content">
    {children}
  </Stack>
)
