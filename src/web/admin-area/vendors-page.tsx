import { useState } from 'react'
import { Text } from '@mantine/core'
import { IconBuildingStore } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { vendorStatusFilters, type AdminVendorRow } from '../../shared/schemas/vendor'
import { useAdminVendors } from '../api/admin-vendors'
import { DetailsModal } from '../components/details-modal'
import { ListPage, useListPage } from '../components/list-page'
import { ListSearch } from '../components/list-search'
import { pageSizeOf } from '../components/page-size-select'
import { ConfirmModal } from '../components/confirm-modal'
import { ReasonDialog } from '../components/reason-dialog'
import { useListFilters } from '../components/use-list-filters'
import { ApplicationDetails } from './vendors/application-details'
import { useVendorDecisions } from './vendors/use-vendor-decisions'
import { VendorCard, VendorTable } from './vendors/vendor-list'

/** /admin/vendors (admin §2 "/admin/vendors", §4 vendor status): review applications, approve or reject. */
export default function AdminVendorsPage() {
  const { t } = useTranslation()
  const filters = useListFilters(vendorStatusFilters, ['pageSize'])
  const { pageSize, onPageSize } = pageSizeOf(filters)
  const { q, status, page, after, before } = filters
  const vendors = useAdminVendors({ q: q.trim(), status, page, after, before, pageSize })
  const decisions = useVendorDecisions()
  const [viewingId, setViewingId] = useState<string | null>(null)
  const [approving, setApproving] = useState<AdminVendorRow | null>(null)
  const [rejecting, setRejecting] = useState<AdminVendorRow | null>(null)
  // Seven columns need room: beside the 240 px menu a table reads well from 1280 px; below, cards.
  const list = useListPage(vendors, {
    filters,
    pageSize,
    isActing: decisions.acting !== null,
    tableFrom: '80em',
    onPageSize,
  })

  const decide = (vendor: AdminVendorRow, decision: 'approved' | 'rejected', reason?: string) => {
    list.feedback.clear()
    decisions.decide(
      { id: vendor.id, status: decision, reason },
      list.reportFor(vendor.id, () => {
        setApproving(null)
        setRejecting(null)
      }),
    )
  }

  const listProps = {
    acting: decisions.acting,
    onView: list.afterClearing((vendor: AdminVendorRow) => setViewingId(vendor.id)),
    // An approval lets the shop sell at once: the dialog names the shop before it is sent.
    onApprove: list.afterClearing(setApproving),
    onReject: list.afterClearing(setRejecting),
  }

  return (
    <ListPage
      {...list.view}
      texts="admin.vendors"
      filters={
        <ListSearch
          role="search"
          filters={filters}
          statuses={vendorStatusFilters}
          texts="admin.vendors"
          statusLabel={t('admin.vendors.filterLabel')}
        />
      }
      emptyIcon={IconBuildingStore}
      table={(items) => <VendorTable vendors={items} {...listProps} />}
      card={(vendor, nameId) => <VendorCard vendor={vendor} nameId={nameId} {...listProps} />}
    >
      <ConfirmModal
        subject={approving}
        title={t('admin.vendors.approveDialog.title')}
        confirmLabel={t('admin.vendors.approveDialog.confirm')}
        color="green.9"
        isPending={decisions.acting !== null && decisions.acting.id === approving?.id}
        onConfirm={(vendor) => decide(vendor, 'approved')}
        onClose={() => setApproving(null)}
      >
        {(vendor) => (
          <Text style={{ overflowWrap: 'anywhere' }}>
            {t('admin.vendors.approveDialog.body', { shop: vendor.shopName })}
          </Text>
        )}
      </ConfirmModal>
      <ReasonDialog
        subject={rejecting}
        title={t('admin.vendors.rejectDialog.title')}
        body={(vendor) => t('admin.vendors.rejectDialog.body', { shop: vendor.shopName })}
        confirmLabel={t('admin.vendors.rejectDialog.confirm')}
        isReasonRequired
        isPending={decisions.acting !== null && decisions.acting.id === rejecting?.id}
        onConfirm={(vendor, reason) => decide(vendor, 'rejected', reason)}
        onClose={() => setRejecting(null)}
      />
      <DetailsModal
        id={viewingId}
        title={t('admin.vendors.application.title')}
        onClose={() => setViewingId(null)}
      >
        {(id) => <ApplicationDetails id={id} decisions={decisions} />}
      </DetailsModal>
    </ListPage>
  )
}
