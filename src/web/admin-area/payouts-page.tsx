import { useState } from 'react'
import { IconReceipt2 } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../shared/money'
import { adminPayoutStatusFilters, type AdminPayoutDto } from '../../shared/schemas/payout'
import { payoutsExportPath, useAdminPayouts } from '../api/admin-payouts'
import { allDates, dayRangeQuery, isDayRangeOn, kigaliToday, readDayRange } from '../components/day-range'
import { countText, ListPage, useListPage } from '../components/list-page'
import { pageSizeOf } from '../components/page-size-select'
import { ReasonDialog } from '../components/reason-dialog'
import { useListFilters } from '../components/use-list-filters'
import { PendingAdjustments } from './adjustments/pending-adjustments'
import { ApproveDialog } from './payouts/approve-dialog'
import { MobileMoneyPanel } from './payouts/mobile-money-panel'
import { PayoutDetailsModal } from './payouts/payout-details-modal'
import { PayoutFilters } from './payouts/payout-filters'
import { PayoutCard, PayoutTable } from './payouts/payout-list'
import { PayoutSummaryCards } from './payouts/payout-summary'
import { usePayoutDecisions } from './payouts/use-payout-decisions'

type Dialog = { kind: 'approve' | 'reject'; payout: AdminPayoutDto }

/**
 * /admin/payouts (admin §2 "/admin/payouts", §4 payout status and receipt column): every shop's payout
 * requests, approved or rejected while pending, with the shop's balance net of refunds in view
 * (docs/decisions/006). Above the list, mobile money where a provider is configured: the floats, "Pay all approved"
 * and its batches, and the transfers that need checking. The list refreshes live on any payout change (realtime
 * invalidates payoutKeys).
 */
export default function AdminPayoutsPage() {
  const { t } = useTranslation()
  const filters = useListFilters(adminPayoutStatusFilters, ['days', 'from', 'to', 'pageSize'])
  const { q, status, page, after, before, update } = filters
  const range = readDayRange(filters, kigaliToday())
  const { pageSize, onPageSize } = pageSizeOf(filters)
  const search = { q: q.trim(), status, ...dayRangeQuery(range) }
  const payouts = useAdminPayouts({ ...search, page, after, before, pageSize })
  const decisions = usePayoutDecisions()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [viewing, setViewing] = useState<AdminPayoutDto | null>(null)
  // Eight columns need room: beside the 240 px menu a table reads well from 1280 px; below, cards.
  const list = useListPage(payouts, {
    filters,
    pageSize,
    count: (data) => data.filteredTotal,
    isCapped: (data) => data.filteredTotalIsCapped,
    isActing: decisions.acting !== null,
    tableFrom: '80em',
    onPageSize,
  })

  const decide = (kind: Dialog['kind'], payout: AdminPayoutDto, text: string) => {
    list.feedback.clear()
    decisions.decide(
      kind === 'approve'
        ? { id: payout.id, status: 'approved', paymentReference: text }
        : { id: payout.id, status: 'rejected', reason: text },
      list.reportFor(payout.id, () => setDialog(null)),
    )
  }

  const data = payouts.data
  const isFiltered = search.q !== '' || status !== 'all' || isDayRangeOn(range)
  const listProps = {
    acting: decisions.acting,
    onView: setViewing,
    onApprove: list.afterClearing((payout: AdminPayoutDto) => setDialog({ kind: 'approve', payout })),
    onReject: list.afterClearing((payout: AdminPayoutDto) => setDialog({ kind: 'reject', payout })),
  }
  // The approval follows the list's live copy of its payout, so a refund elsewhere updates the balance it
  // shows. (The rejection keeps its own copy: the reason dialog starts afresh for a new subject.)
  const live = (payout: AdminPayoutDto) => data?.items.find((item) => item.id === payout.id) ?? payout
  const approving = dialog?.kind === 'approve' ? live(dialog.payout) : null
  const rejecting = dialog?.kind === 'reject' ? dialog.payout : null
  const isDeciding = decisions.acting !== null && decisions.acting.id === dialog?.payout.id

  return (
    <ListPage
      {...list.view}
      texts="admin.payouts"
      total={data && t('admin.payouts.total', { count: data.total })}
      filteredTotal={
        data && isFiltered
          ? countText(t, 'admin.payouts.filtered', {
              total: data.filteredTotal,
              totalIsCapped: data.filteredTotalIsCapped,
            })
          : undefined
      }
      filters={
        <>
          <MobileMoneyPanel />
          <PendingAdjustments />
          <PayoutSummaryCards summary={data?.summary} />
          <PayoutFilters
            filters={filters}
            range={range}
            exportHref={(paymentDetails) => payoutsExportPath(search, paymentDetails)}
            isRefreshing={payouts.isRefetching}
            onRefresh={() => void payouts.refetch()}
          />
        </>
      }
      emptyIcon={IconReceipt2}
      onShowAll={isFiltered ? () => update({ q: '', status: 'all', ...allDates }) : undefined}
      table={(items) => <PayoutTable payouts={items} {...listProps} />}
      card={(payout, nameId) => <PayoutCard payout={payout} nameId={nameId} {...listProps} />}
    >
      <ApproveDialog
        payout={approving}
        isPending={isDeciding}
        onConfirm={(payout, paymentReference) => decide('approve', payout, paymentReference)}
        onClose={() => setDialog(null)}
      />
      <ReasonDialog
        subject={rejecting}
        title={t('admin.payouts.rejectDialog.title')}
        body={(payout) =>
          t('admin.payouts.rejectDialog.body', { amount: formatRwf(payout.amount), shop: payout.shopName })
        }
        confirmLabel={t('admin.payouts.rejectDialog.confirm')}
        isPending={isDeciding}
        onConfirm={(payout, reason) => decide('reject', payout, reason)}
        onClose={() => setDialog(null)}
      />
      <PayoutDetailsModal
        payoutId={viewing?.id ?? null}
        listed={viewing ?? undefined}
        onClose={() => setViewing(null)}
      />
    </ListPage>
  )
}
