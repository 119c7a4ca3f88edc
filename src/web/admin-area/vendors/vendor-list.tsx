import { Anchor, Box, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { AdminVendorRow } from '../../../shared/schemas/vendor'
import { DateText } from '../../components/date-text'
import { ItemCard } from '../../components/item-card'
import { ReasonLine } from '../../components/reason-line'
import { StatusWithNotes } from '../../components/status-badge'
import type { Acting } from './use-vendor-decisions'
import { DataTable, DateCell, NameCell } from '../../components/data-table'
import { DecisionButtons } from '../../components/decision-buttons'
import { NoneText } from '../../components/none-text'

export type VendorListProps = {
  vendors: AdminVendorRow[]
  /** The decision on its way, if any: its button says so, and every Approve and Reject waits for it. */
  acting: Acting | null
  onView: (vendor: AdminVendorRow) => void
  onApprove: (vendor: AdminVendorRow) => void
  onReject: (vendor: AdminVendorRow) => void
}

type RowProps = Omit<VendorListProps, 'vendors'> & { vendor: AdminVendorRow; nameId: string }

/** From 1280 px: one table row per application, newest first. */
export function VendorTable({ vendors, ...actions }: VendorListProps) {
  const { t } = useTranslation()
  return (
    <DataTable
      label={t('admin.vendors.tableCaption')}
      items={vendors}
      columns={[
        {
          label: t('admin.vendors.columns.vendor'),
          maw: 220,
          cell: (vendor, nameId) => (
            <NameCell name={vendor.shopName} detail={vendor.fullName} id={nameId} miw={140} />
          ),
        },
        {
          label: t('admin.vendors.columns.contact'),
          maw: 240,
          cell: (vendor) => (
            <Box miw={150}>
              <Contact vendor={vendor} />
            </Box>
          ),
        },
        {
          label: t('admin.vendors.columns.business'),
          maw: 220,
          cell: (vendor) => (
            <Text size="sm" miw={130} style={{ overflowWrap: 'anywhere' }}>
              {vendor.businessAddress}
            </Text>
          ),
        },
        {
          label: t('fields.status'),
          maw: 200,
          cell: (vendor) => (
            <StatusWithNotes status={vendor.status}>
              <VendorReason vendor={vendor} size="xs" lines={2} />
            </StatusWithNotes>
          ),
        },
        {
          label: t('admin.vendors.columns.applied'),
          cell: (vendor) => <DateCell value={vendor.createdAt} miw={80} />,
        },
        { label: t('admin.vendors.columns.plan'), cell: (vendor) => <Plan vendor={vendor} /> },
        {
          label: t('fields.actions'),
          cell: (vendor, nameId) => (
            <VendorActions vendor={vendor} nameId={nameId} {...actions} layout="stack" />
          ),
        },
      ]}
    />
  )
}

/** Below 1280 px: one card per application. */
export function VendorCard({ vendor, nameId, ...actions }: RowProps) {
  const { t } = useTranslation()
  return (
    <ItemCard
      item={vendor}
      labelledBy={nameId}
      title={
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h5" id={nameId} style={{ overflowWrap: 'anywhere' }}>
            {vendor.shopName}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {vendor.fullName}
          </Text>
        </div>
      }
      labelWidth={110}
      fields={[
        { label: t('admin.vendors.columns.contact'), value: <Contact vendor={vendor} /> },
        { label: t('admin.vendors.columns.business'), value: vendor.businessAddress },
        { label: t('admin.vendors.columns.applied'), value: <DateText value={vendor.createdAt} /> },
        { label: t('admin.vendors.columns.plan'), value: <Plan vendor={vendor} /> },
      ]}
      actions={<VendorActions vendor={vendor} nameId={nameId} {...actions} layout="row" />}
    >
      <VendorReason vendor={vendor} size="sm" lines={3} />
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
        <NoneText>{t('common.notSet')}</NoneText>
      )}
    </Stack>
  )
}

const VendorReason = ({ vendor, ...props }: { vendor: AdminVendorRow; size: 'xs' | 'sm'; lines: number }) =>
  vendor.status === 'rejected' && (
    <ReasonLine reason={vendor.decisionReason} texts="admin.vendors" {...props} />
  )

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
 * 'Approving...' or 'Rejecting...' and every decision button waits for it.
 */
function VendorActions({
  vendor,
  nameId,
  acting,
  onView,
  onApprove,
  onReject,
  layout,
}: RowProps & { layout: 'stack' | 'row' }) {
  const isPending = vendor.status === 'pending'
  return (
    <DecisionButtons
      nameId={nameId}
      layout={layout}
      share="flex"
      isBusy={acting !== null}
      texts="admin.vendors"
      acting={acting?.id === vendor.id ? acting.status : undefined}
      onView={() => onView(vendor)}
      onApprove={isPending ? () => onApprove(vendor) : undefined}
      onReject={isPending ? () => onReject(vendor) : undefined}
    />
  )
}
