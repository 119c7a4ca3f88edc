import { useEffect, useState } from 'react'
import { Group, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconReceipt2 } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../shared/money'
import { adminPayoutStatusFilters, type AdminPayoutDto } from '../../shared/schemas/payout'
import { payoutsExportPath, useAdminPayouts } from '../api/admin-payouts'
import { FlashAlert } from '../components/flash-alert'
import { FocusHeading } from '../components/focus-heading'
import { ListView } from '../components/list-view'
import { ReasonDialog } from '../components/reason-dialog'
import { useFlashMessage } from '../components/use-flash-message'
import { useFocusAfterUpdate } from '../components/use-focus-after-update'
import { useListFilters } from '../components/use-list-filters'
import { ApproveDialog } from './payouts/approve-dialog'
import { PayoutDetailsModal } from './payouts/payout-details-modal'
import { PayoutFilters } from './payouts/payout-filters'
import { PayoutCards, PayoutTable } from './payouts/payout-list'
import { PayoutSummaryCards } from './payouts/payout-summary'
import { usePayoutDecisions } from './payouts/use-payout-decisions'

const pageSize = 20

type Dialog = { kind: 'approve' | 'reject'; payout: AdminPayoutDto }

/**
 * /admin/payouts (admin §2 "/admin/payouts", §4 payout status and receipt column): every shop's payout
 * requests, approved or rejected while pending, with the shop's balance net of refunds in view
 * (docs/decisions/006). The list refreshes live on any payout change (realtime invalidates adminKeys).
 */
export default function AdminPayoutsPage() {
  const { t } = useTranslation()
  const { q, status, page, update } = useListFilters(adminPayoutStatusFilters)
  const search = { q: q.trim(), status }
  const payouts = useAdminPayouts({ ...search, page, pageSize })
  const decisions = usePayoutDecisions()
  const feedback = useFlashMessage()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [viewing, setViewing] = useState<AdminPayoutDto | null>(null)
  // Eight columns need room: beside the 240 px menu a table reads well from 1280 px; below, cards (two side
  // by side from 768 px), so nothing scrolls sideways on a small laptop, a tablet or a phone.
  const isDesktop = useMediaQuery('(min-width: 80em)', false, { getInitialValueInEffect: false })

  // After a decision, focus goes back to that payout's next button (Details), or to the heading when the
  // payout left the filtered list with its buttons.
  const {
    listRef,
    fallbackRef: headingRef,
    focusAfterUpdate,
  } = useFocusAfterUpdate(decisions.acting === null && !payouts.isFetching, payouts.data)

  // A page that emptied (its last pending payout was decided under the filter) moves back to the last page there is.
  const data = payouts.data
  useEffect(() => {
    if (!data || data.items.length > 0 || page === 1) return
    update({ page: Math.max(1, Math.ceil(data.filteredTotal / pageSize)) }, { replace: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer for this page comes back empty
  }, [data, page])

  const decide = (kind: Dialog['kind'], payout: AdminPayoutDto, text: string) => {
    feedback.clear()
    decisions.decide(
      kind === 'approve'
        ? { id: payout.id, status: 'approved', paymentReference: text }
        : { id: payout.id, status: 'rejected', reason: text },
      {
        success: (message) => {
          setDialog(null)
          feedback.success(message)
        },
        error: (message, detail) => {
          setDialog(null)
          feedback.error(message, detail)
        },
        settled: () => focusAfterUpdate(payout.id),
      },
    )
  }

  const isFiltered = search.q !== '' || status !== 'all'
  const listProps = {
    acting: decisions.acting,
    onView: (payout: AdminPayoutDto) => setViewing(payout),
    onApprove: (payout: AdminPayoutDto) => {
      feedback.clear()
      setDialog({ kind: 'approve', payout })
    },
    onReject: (payout: AdminPayoutDto) => {
      feedback.clear()
      setDialog({ kind: 'reject', payout })
    },
  }
  // The approval follows the list's live copy of its payout, so a refund elsewhere updates the balance it
  // shows. (The rejection keeps its own copy: the reason dialog starts afresh for a new subject.)
  const live = (payout: AdminPayoutDto) => data?.items.find((item) => item.id === payout.id) ?? payout
  const approving = dialog?.kind === 'approve' ? live(dialog.payout) : null
  const rejecting = dialog?.kind === 'reject' ? dialog.payout : null
  const isDeciding = decisions.acting !== null && decisions.acting.id === dialog?.payout.id

  return (
    <Stack gap="lg" maw={1400}>
      <Group component="header" justify="space-between" align="flex-end" gap="sm">
        <div>
          <FocusHeading order={1} ref={headingRef}>
            {t('admin.payouts.title')}
          </FocusHeading>
          <Text c="dimmed" mt={4}>
            {t('admin.payouts.subtitle')}
          </Text>
        </div>
        {/* Announced when a search or filter changes what is listed. */}
        <div aria-live="polite">
          {data && (
            <>
              <Text fw={500} ta="end">
                {t('admin.payouts.total', { count: data.total })}
              </Text>
              {isFiltered && (
                <Text size="sm" c="dimmed" ta="end">
                  {t('admin.payouts.filtered', { count: data.filteredTotal })}
                </Text>
              )}
            </>
          )}
        </div>
      </Group>

      <PayoutSummaryCards summary={data?.summary} />

      <PayoutFilters
        q={q}
        status={status}
        exportHref={payoutsExportPath(search)}
        isRefreshing={payouts.isRefetching}
        onSearch={(next) => update({ q: next }, { replace: true })}
        onStatus={(next) => update({ status: next })}
        onRefresh={() => void payouts.refetch()}
      />

      <FlashAlert flash={feedback.flash} />

      <ListView
        query={payouts}
        count={(list) => list.filteredTotal}
        isDesktop={isDesktop}
        loadFailed={t('admin.payouts.loadFailed')}
        empty={{
          icon: IconReceipt2,
          title: t('admin.payouts.empty.title'),
          body: t('admin.payouts.empty.allBody'),
          filtered: isFiltered
            ? {
                body: t('admin.payouts.empty.filteredBody'),
                showAll: t('admin.payouts.empty.showAll'),
                onShowAll: () => update({ q: '', status: 'all' }),
              }
            : undefined,
        }}
        listRef={listRef}
        table={(list) => <PayoutTable payouts={list.items} {...listProps} />}
        cards={(list) => <PayoutCards payouts={list.items} {...listProps} />}
        pager={{
          page,
          pageSize,
          label: t('admin.payouts.pagesLabel'),
          onChange: (next) => {
            update({ page: next })
            headingRef.current?.focus()
          },
        }}
      />

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
    </Stack>
  )
}
