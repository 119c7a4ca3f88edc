import { useState } from 'react'
import { SimpleGrid, Skeleton, Stack } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconFilterOff, IconReceipt2 } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { PayoutDto, PayoutOverview } from '../../shared/schemas/payout'
import { useConfirmReceipt, useVendorPayouts } from '../api/payouts'
import { FlashAlert } from '../components/flash-alert'
import { StatCardSkeleton } from '../components/stat-card'
import { failureDetail, useFlashMessage } from '../components/use-flash-message'
import { ListPager } from '../components/list-pager'
import { BusyRegion } from '../components/busy-region'
import { LoadErrorAlert } from '../components/load-error-alert'
import { LoadingStatus } from '../components/loading-status'
import { PageHeader } from '../components/page-header'
import { SkeletonList } from '../components/skeleton-list'
import type { ListPosition } from '../components/use-page-param'
import { useListFilters } from '../components/use-list-filters'
import { DateRangeFilter } from '../components/date-range-filter'
import {
  allDates,
  dayRangeQuery,
  isDayRangeOn,
  kigaliToday,
  readDayRange,
  type DayRangeChange,
  type DayRangeState,
} from '../components/day-range'
import { useFocusAfterUpdate } from '../components/use-focus-after-update'
import { ConfirmReceiptModal } from './payouts/confirm-receipt-modal'
import { PayoutCards, PayoutTable } from './payouts/payout-history'
import { PayoutRequestForm } from './payouts/payout-request-form'
import { BalanceOwedNotice, NoPayoutMethodWarning, PayoutSummary } from './payouts/payout-summary'
import { ListEmpty } from '../components/list-empty'
import { FocusHeading } from '../components/focus-heading'
import { StatementSection } from '../components/statement-section'

/** What GET /api/vendor/payouts returns per page (web/api/payouts.ts). */
const pageSize = 20

/** /vendor/payouts (spec §2 "/vendor/payouts", §4 Payout, §5 "Payout request", §8 "Payout"). */
export default function VendorPayoutsPage() {
  const { t } = useTranslation()
  // The page and the period live in the address (?days=30&page=2): reload, back and shared links keep them.
  const filters = useListFilters(['all'] as const, ['days', 'from', 'to'])
  const { page, after, before, update } = filters
  const range = readDayRange(filters, kigaliToday())
  const payouts = useVendorPayouts({ page, after, before, ...dayRangeQuery(range) })
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('vendor.payouts.title')} subtitle={t('vendor.payouts.subtitle')} />
      {payouts.isPending ? (
        <PayoutsSkeleton />
      ) : payouts.isError && !payouts.data ? (
        <LoadErrorAlert title={t('vendor.payouts.loadFailed')} query={payouts} />
      ) : payouts.data ? (
        <PayoutsView
          overview={payouts.data}
          range={range}
          onRange={update}
          onPageChange={update}
          isUpdating={payouts.isPlaceholderData}
          isFetching={payouts.isFetching}
        />
      ) : null}
    </Stack>
  )
}

function PayoutsView({
  overview,
  range,
  onRange,
  onPageChange,
  isUpdating,
  isFetching,
}: {
  overview: PayoutOverview
  /** The days of the requests the history shows (the balance and totals are the shop's, whatever the days). */
  range: DayRangeState
  onRange: (change: DayRangeChange, options?: { replace?: boolean }) => void
  onPageChange: (position: ListPosition) => void
  isUpdating: boolean
  isFetching: boolean
}) {
  const { t } = useTranslation()
  const isDesktop = useMediaQuery('(min-width: 64em)', false, { getInitialValueInEffect: false })
  const confirmReceipt = useConfirmReceipt()
  const feedback = useFlashMessage()
  const [confirming, setConfirming] = useState<PayoutDto | null>(null)

  // Focus after a confirmation, once the list has refreshed: the confirmed payout's button is gone, so focus
  // goes to the history heading (after a failure, back to the button), never to the top of the page.
  const {
    listRef,
    fallbackRef: historyTitleRef,
    focusAfterUpdate,
  } = useFocusAfterUpdate(!confirmReceipt.isPending && !isFetching, overview)

  const confirm = (payout: PayoutDto) => {
    feedback.clear()
    confirmReceipt.mutate(payout.id, {
      onSuccess: () => feedback.success(t('vendor.payouts.receiptConfirmed')),
      onError: (error) => feedback.error(t('vendor.payouts.confirmFailed'), failureDetail(t, error)),
      onSettled: () => {
        setConfirming(null)
        focusAfterUpdate(payout.id)
      },
    })
  }

  const listProps = {
    payouts: overview.items,
    onConfirmReceipt: (payout: PayoutDto) => {
      feedback.clear()
      setConfirming(payout)
    },
  }

  return (
    <>
      <PayoutSummary overview={overview} />
      <BalanceOwedNotice balance={overview.availableBalance} />
      {overview.payoutMethod === null && <NoPayoutMethodWarning />}
      <PayoutRequestForm balance={overview.availableBalance} />

      <section aria-labelledby="payout-history-title">
        <Stack gap="md">
          <FocusHeading size="h4" id="payout-history-title" ref={historyTitleRef}>
            {t('vendor.payouts.history.title')}
          </FocusHeading>
          <FlashAlert flash={feedback.flash} />
          {/* Nothing to narrow before the first request. */}
          {(overview.total > 0 || range.choice !== 'all') && (
            <DateRangeFilter range={range} onChange={onRange} />
          )}
          {overview.total === 0 && isDayRangeOn(range) ? (
            <ListEmpty
              icon={IconFilterOff}
              title={t('vendor.payouts.history.emptyDatesTitle')}
              body={t('vendor.payouts.history.emptyDatesBody')}
              action={{ label: t('vendor.payouts.history.showAll'), onClick: () => onRange(allDates) }}
              titleOrder={3}
            />
          ) : overview.total === 0 ? (
            <ListEmpty
              icon={IconReceipt2}
              title={t('vendor.payouts.history.emptyTitle')}
              body={t('vendor.payouts.history.emptyBody')}
              titleOrder={3}
            />
          ) : (
            <>
              <BusyRegion ref={listRef} isBusy={isUpdating}>
                {isDesktop ? <PayoutTable {...listProps} /> : <PayoutCards {...listProps} />}
              </BusyRegion>
              <ListPager
                data={overview}
                pageSize={pageSize}
                onChange={onPageChange}
                label={t('vendor.payouts.history.pagesLabel')}
              />
            </>
          )}
        </Stack>
      </section>

      <StatementSection />

      <ConfirmReceiptModal
        payout={confirming}
        isPending={confirmReceipt.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      />
    </>
  )
}

function PayoutsSkeleton() {
  return (
    <>
      <LoadingStatus />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" aria-hidden>
        <StatCardSkeleton />
        <StatCardSkeleton />
        <StatCardSkeleton />
      </SimpleGrid>
      <Skeleton h={160} radius="md" aria-hidden />
      <SkeletonList count={4} height={52} />
    </>
  )
}
