import { useEffect, useRef, useState } from 'react'
import {
  Alert,
  Button,
  EmptyState,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconAlertCircle, IconReceipt2 } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Navigate, useSearchParams } from 'react-router'
import type { PayoutDto, PayoutOverview } from '../../shared/schemas/payout'
import { useMe } from '../api/account'
import { ApiError } from '../api/client'
import { useConfirmReceipt, useVendorPayouts } from '../api/payouts'
import { FlashAlert } from './components/flash-alert'
import { readableAlertStyles } from './components/readable-alert'
import { StatCardSkeleton } from './components/stat-card'
import { failureDetail, useFlashMessage } from './components/use-flash-message'
import classes from './components/vendor-page.module.css'
import { ListPager } from '../components/list-pager'
import { ConfirmReceiptModal } from './payouts/confirm-receipt-modal'
import { PayoutCards, PayoutTable } from './payouts/payout-history'
import { PayoutRequestForm } from './payouts/payout-request-form'
import { BalanceOwedNotice, NoPayoutMethodWarning, PayoutSummary } from './payouts/payout-summary'

/** What GET /api/vendor/payouts returns per page (web/api/payouts.ts). */
const pageSize = 20

/** /vendor/payouts (spec §2 "/vendor/payouts", §4 Payout, §5 "Payout request", §8 "Payout"). */
export default function VendorPayoutsPage() {
  const me = useMe().data
  if (!me) return null
  if (!me.vendor) return <Navigate to="/vendor/register" replace />
  return <Payouts />
}

function Payouts() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1))
  const payouts = useVendorPayouts(page)

  if (payouts.error instanceof ApiError && payouts.error.messageKey === 'vendor.notRegistered') {
    return <Navigate to="/vendor/register" replace />
  }

  const setPage = (next: number) =>
    setParams((current) => {
      const query = new URLSearchParams(current)
      if (next <= 1) query.delete('page')
      else query.set('page', String(next))
      return query
    })

  return (
    <Stack gap="lg" maw={1200} className={classes.page}>
      <header>
        <Title order={1}>{t('payouts.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('payouts.subtitle')}
        </Text>
      </header>
      {payouts.isPending ? (
        <PayoutsSkeleton />
      ) : payouts.isError && !payouts.data ? (
        <Alert
          color="red"
          variant="light"
          styles={readableAlertStyles}
          icon={<IconAlertCircle aria-hidden />}
          title={t('payouts.loadFailed')}
          role="alert"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('payouts.loadFailedBody')}</Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() => void payouts.refetch()}
              loading={payouts.isRefetching}
            >
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : payouts.data ? (
        <PayoutsView
          overview={payouts.data}
          page={page}
          onPageChange={setPage}
          isUpdating={payouts.isPlaceholderData}
          isFetching={payouts.isFetching}
        />
      ) : null}
    </Stack>
  )
}

function PayoutsView({
  overview,
  page,
  onPageChange,
  isUpdating,
  isFetching,
}: {
  overview: PayoutOverview
  page: number
  onPageChange: (page: number) => void
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
  const historyTitleRef = useRef<HTMLHeadingElement>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const focusAfterUpdate = useRef<string | null>(null)
  useEffect(() => {
    const id = focusAfterUpdate.current
    if (id === null || confirmReceipt.isPending || isFetching) return
    focusAfterUpdate.current = null
    const row = listRef.current?.querySelector(`[data-payout-id="${CSS.escape(id)}"]`)
    const button = row?.querySelector<HTMLButtonElement>('button:not(:disabled)')
    ;(button ?? historyTitleRef.current)?.focus()
  }, [confirmReceipt.isPending, isFetching, overview])

  const confirm = (payout: PayoutDto) => {
    feedback.clear()
    confirmReceipt.mutate(payout.id, {
      onSuccess: () => feedback.success(t('payouts.receiptConfirmed')),
      onError: (error) => feedback.error(t('payouts.confirmFailed'), failureDetail(t, error)),
      onSettled: () => {
        setConfirming(null)
        focusAfterUpdate.current = payout.id
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
          <Title
            order={2}
            size="h4"
            id="payout-history-title"
            ref={historyTitleRef}
            tabIndex={-1}
            style={{ outline: 'none' }}
          >
            {t('payouts.history.title')}
          </Title>
          <FlashAlert flash={feedback.flash} />
          {overview.total === 0 ? (
            <EmptyState icon={<IconReceipt2 size={32} aria-hidden />} withIndicatorBackground py="lg">
              <EmptyState.Title order={3}>{t('payouts.history.emptyTitle')}</EmptyState.Title>
              <EmptyState.Description>{t('payouts.history.emptyBody')}</EmptyState.Description>
            </EmptyState>
          ) : (
            <>
              <div
                ref={listRef}
                aria-busy={isUpdating}
                style={{ opacity: isUpdating ? 0.6 : 1, transition: 'opacity 150ms' }}
              >
                {isDesktop ? <PayoutTable {...listProps} /> : <PayoutCards {...listProps} />}
              </div>
              <ListPager
                page={page}
                total={overview.total}
                pageSize={pageSize}
                onChange={onPageChange}
                label={t('payouts.history.pagesLabel')}
              />
            </>
          )}
        </Stack>
      </section>

      <ConfirmReceiptModal
        payout={confirming}
        isPending={confirmReceipt.isPending}
        onConfirm={confirm}
        // Cancel: the dialog hands focus back to the button that opened it.
        onClose={() => setConfirming(null)}
      />
    </>
  )
}

function PayoutsSkeleton() {
  const { t } = useTranslation()
  return (
    <>
      <Text role="status">
        <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" aria-hidden>
        <StatCardSkeleton />
        <StatCardSkeleton />
        <StatCardSkeleton />
      </SimpleGrid>
      <Skeleton h={160} radius="md" aria-hidden />
      <Stack gap="xs" aria-hidden>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} h={52} radius="sm" />
        ))}
      </Stack>
    </>
  )
}
