import { useEffect, useState } from 'react'
import { Group, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconBuildingStore } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { vendorStatusFilters, type AdminVendorRow } from '../../shared/schemas/vendor'
import { useAdminVendors } from '../api/admin-vendors'
import { FlashAlert } from '../components/flash-alert'
import { FocusHeading } from '../components/focus-heading'
import { ListView } from '../components/list-view'
import { useFlashMessage } from '../components/use-flash-message'
import { useFocusAfterUpdate } from '../components/use-focus-after-update'
import { ApplicationModal } from './vendors/application-modal'
import { ReasonDialog } from '../components/reason-dialog'
import { SearchInput } from '../components/search-input'
import { StatusFilter } from '../components/status-filter'
import { useListFilters } from '../components/use-list-filters'
import { useVendorDecisions } from './vendors/use-vendor-decisions'
import { VendorCards, VendorTable } from './vendors/vendor-list'

const pageSize = 20

/** /admin/vendors (admin §2 "/admin/vendors", §4 vendor status): review applications, approve or reject. */
export default function AdminVendorsPage() {
  const { t } = useTranslation()
  const { q, status, page, update } = useListFilters(vendorStatusFilters)
  const vendors = useAdminVendors({ q: q.trim(), status, page, pageSize })
  const decisions = useVendorDecisions()
  const feedback = useFlashMessage()
  const [viewingId, setViewingId] = useState<string | null>(null)
  const [rejecting, setRejecting] = useState<AdminVendorRow | null>(null)
  // Seven columns need room: beside the 240 px menu a table reads well from 1280 px; below, cards (two side
  // by side from 768 px), so nothing scrolls sideways on a small laptop, a tablet or a phone.
  const isDesktop = useMediaQuery('(min-width: 80em)', false, { getInitialValueInEffect: false })

  // After a decision from the list, focus goes back to that vendor's next button (View), or to the heading
  // when the vendor left the filtered list with its buttons.
  const {
    listRef,
    fallbackRef: headingRef,
    focusAfterUpdate,
  } = useFocusAfterUpdate(decisions.acting === null && !vendors.isFetching, vendors.data)

  // A page that emptied (its last pending vendor was decided under the filter) moves back to the last page there is.
  const data = vendors.data
  useEffect(() => {
    if (!data || data.items.length > 0 || page === 1) return
    update({ page: Math.max(1, Math.ceil(data.total / pageSize)) }, { replace: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer for this page comes back empty
  }, [data, page])

  const decideFromList = (vendor: AdminVendorRow, decision: 'approved' | 'rejected', reason?: string) => {
    feedback.clear()
    decisions.decide(
      { id: vendor.id, status: decision, reason },
      {
        success: (message) => {
          setRejecting(null)
          feedback.success(message)
        },
        error: (message) => {
          setRejecting(null)
          feedback.error(message)
        },
        settled: () => focusAfterUpdate(vendor.id),
      },
    )
  }

  const isFiltered = q.trim() !== '' || status !== 'all'
  const listProps = {
    acting: decisions.acting,
    onView: (vendor: AdminVendorRow) => {
      feedback.clear()
      setViewingId(vendor.id)
    },
    onApprove: (vendor: AdminVendorRow) => decideFromList(vendor, 'approved'),
    onReject: (vendor: AdminVendorRow) => {
      feedback.clear()
      setRejecting(vendor)
    },
  }

  return (
    <Stack gap="lg" maw={1400}>
      <Group component="header" justify="space-between" align="flex-end" gap="sm">
        <div>
          <FocusHeading order={1} ref={headingRef}>
            {t('admin.vendors.title')}
          </FocusHeading>
          <Text c="dimmed" mt={4}>
            {t('admin.vendors.subtitle')}
          </Text>
        </div>
        {/* Announced when a search or filter changes what is listed. */}
        <Text fw={500} aria-live="polite">
          {data ? t('admin.vendors.count', { count: data.total }) : ''}
        </Text>
      </Group>

      <Group role="search" gap="sm" align="flex-end" wrap="wrap">
        <SearchInput
          q={q}
          onSearch={(next) => update({ q: next }, { replace: true })}
          label={t('admin.vendors.search.label')}
          placeholder={t('admin.vendors.search.placeholder')}
        />
        <StatusFilter
          value={status}
          statuses={vendorStatusFilters}
          labelOf={(value) => (value === 'all' ? t('admin.vendors.filters.all') : t(`status.${value}`))}
          label={t('admin.vendors.filterLabel')}
          onChange={(next) => update({ status: next })}
        />
      </Group>

      <FlashAlert flash={feedback.flash} />

      <ListView
        query={vendors}
        count={(list) => list.total}
        isDesktop={isDesktop}
        loadFailed={t('admin.vendors.loadFailed')}
        empty={{
          icon: IconBuildingStore,
          title: t('admin.vendors.empty.title'),
          body: t('admin.vendors.empty.allBody'),
          filtered: isFiltered
            ? {
                body: t('admin.vendors.empty.filteredBody'),
                showAll: t('admin.vendors.empty.showAll'),
                onShowAll: () => update({ q: '', status: 'all' }),
              }
            : undefined,
        }}
        listRef={listRef}
        table={(list) => <VendorTable vendors={list.items} {...listProps} />}
        cards={(list) => <VendorCards vendors={list.items} {...listProps} />}
        pager={{
          page,
          pageSize,
          label: t('admin.vendors.pagesLabel'),
          onChange: (next) => {
            update({ page: next })
            headingRef.current?.focus()
          },
        }}
      />

      <ReasonDialog
        subject={rejecting}
        title={t('admin.vendors.rejectDialog.title')}
        body={(vendor) => t('admin.vendors.rejectDialog.body', { shop: vendor.shopName })}
        confirmLabel={t('admin.vendors.rejectDialog.confirm')}
        isPending={decisions.acting !== null && decisions.acting.id === rejecting?.id}
        onConfirm={(vendor, reason) => decideFromList(vendor, 'rejected', reason)}
        onClose={() => setRejecting(null)}
      />
      <ApplicationModal vendorId={viewingId} decisions={decisions} onClose={() => setViewingId(null)} />
    </Stack>
  )
}
