import { useState } from 'react'
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import { IconSend } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { PaymentProviderName } from '../../../shared/payments'
import type { PaymentsOverview, PayoutBatchDto } from '../../../shared/schemas/payments'
import { useMe } from '../../api/account'
import {
  useCreatePayoutBatch,
  useDecidePayoutBatch,
  usePaymentsOverview,
  useTransfers,
} from '../../api/admin-payments'
import { ConfirmModal } from '../../components/confirm-modal'
import { FlashAlert } from '../../components/flash-alert'
import { LoadingStatus } from '../../components/loading-status'
import { Notice } from '../../components/notice'
import { QueryContent } from '../../components/query-content'
import { SectionCard } from '../../components/section-card'
import { paymentFailureDetail, providerName } from '../../components/transfer-status'
import { useFlashMessage } from '../../components/use-flash-message'
import { useLastShown } from '../../components/use-last-shown'
import { PayoutBatchItem } from './payout-batch'
import { ProviderFloats } from './provider-floats'
import { UnknownTransfers } from './unknown-transfers'

/** What the admin saw when they chose "Pay all approved": the batch is made of exactly these or not at all. */
type Seen = { count: number; total: number }

/**
 * Mobile money on the payouts screen (docs/payments.md), shown only where a provider is configured (or a
 * transfer still needs a person): each provider's float, the approved payouts waiting to be sent with "Pay all
 * approved", the batches under way with their progress, and the transfers that need checking.
 */
export function MobileMoneyPanel() {
  const { t } = useTranslation()
  const overview = usePaymentsOverview()
  return (
    <QueryContent query={overview} loadFailed={t('mobileMoney.panel.loadFailed')}>
      {(data) => (
        <>
          {data.providers.length > 0 && <PaymentsSection overview={data} />}
          {(data.providers.length > 0 || data.unknown > 0) && <UnknownTransfers />}
        </>
      )}
    </QueryContent>
  )
}

function PaymentsSection({ overview }: { overview: PaymentsOverview }) {
  const { t } = useTranslation()
  const userId = useMe().data?.user.id
  const create = useCreatePayoutBatch()
  const decide = useDecidePayoutBatch()
  const feedback = useFlashMessage()
  const [confirming, setConfirming] = useState<Seen | null>(null)
  const [approving, setApproving] = useState<PayoutBatchDto | null>(null)
  // The batch this admin started stays on screen once done (the overview lists only those under way).
  const [started, setStarted] = useState<PayoutBatchDto | null>(null)
  const { waiting } = overview

  const payAll = (seen: Seen) =>
    create.mutate(seen, {
      onSuccess: (batch) => {
        setStarted(batch)
        feedback.success(
          t(batch.status === 'awaiting_approval' ? 'mobileMoney.payAll.awaiting' : 'mobileMoney.payAll.sent'),
        )
      },
      onError: (error) => feedback.error(t('mobileMoney.payAll.failed'), paymentFailureDetail(t, error)),
      onSettled: () => setConfirming(null),
    })

  const decideOn = (batch: PayoutBatchDto, decision: 'approve' | 'cancel') => {
    feedback.clear()
    decide.mutate(
      { id: batch.id, decision },
      {
        onSuccess: () =>
          feedback.success(
            t(decision === 'approve' ? 'mobileMoney.batch.approved' : 'mobileMoney.batch.cancelled'),
          ),
        onError: (error) =>
          feedback.error(t('mobileMoney.batch.decideFailed'), paymentFailureDetail(t, error)),
        onSettled: () => setApproving(null),
      },
    )
  }

  const batches = [
    ...(started && !overview.batches.some((batch) => batch.id === started.id) ? [started] : []),
    ...overview.batches,
  ]
  const actions = {
    userId,
    approvalAbove: overview.approvalAbove,
    isDeciding: decide.isPending,
    onApprove: (batch: PayoutBatchDto) => {
      feedback.clear()
      setApproving(batch)
    },
    onCancel: (batch: PayoutBatchDto) => decideOn(batch, 'cancel'),
  }

  return (
    <SectionCard id="mobile-money" title={t('mobileMoney.panel.title')}>
      <ProviderFloats overview={overview} titleId="mobile-money-floats" />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={500} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          {waiting.count > 0
            ? t('mobileMoney.panel.waiting', { count: waiting.count, total: formatRwf(waiting.total) })
            : t('mobileMoney.panel.nothingWaiting')}
        </Text>
        {waiting.count > 0 && (
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            loading={create.isPending}
            onClick={() => {
              feedback.clear()
              // The count and total on screen now are what the batch must be made of.
              setConfirming({ count: waiting.count, total: waiting.total })
            }}
          >
            {t('mobileMoney.panel.payAll')}
          </Button>
        )}
      </Group>
      <FlashAlert flash={feedback.flash} />
      {batches.length > 0 && (
        <Stack gap="xs">
          <Text id="mobile-money-batches" size="sm" fw={600}>
            {t('mobileMoney.panel.batches')}
          </Text>
          <Stack
            component="ul"
            aria-labelledby="mobile-money-batches"
            gap="xs"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {batches.map((batch) => (
              <PayoutBatchItem
                key={batch.id}
                seed={batch}
                {...actions}
                onHide={batch.id === started?.id ? () => setStarted(null) : undefined}
              />
            ))}
          </Stack>
        </Stack>
      )}

      <PayAllDialog
        seen={confirming}
        overview={overview}
        isPending={create.isPending}
        onConfirm={payAll}
        onClose={() => setConfirming(null)}
      />
      <ConfirmModal
        subject={approving}
        title={t('mobileMoney.batch.approveTitle')}
        confirmLabel={t('mobileMoney.batch.approveConfirm')}
        color="green.9"
        isPending={decide.isPending}
        onConfirm={(batch) => decideOn(batch, 'approve')}
        onClose={() => setApproving(null)}
      >
        {(batch) => (
          <Text>
            {t('mobileMoney.batch.approveBody', { count: batch.count, total: formatRwf(batch.total) })}
          </Text>
        )}
      </ConfirmModal>
    </SectionCard>
  )
}

/** Approved payouts waiting to be sent, by provider (from the transfers queued outside any batch). */
function useWaitingByProvider(isOpen: boolean) {
  const queued = useTransfers('queued', { enabled: isOpen })
  const items = queued.data?.items
  if (!items) return { isPending: queued.isPending && isOpen, byProvider: null }
  // The list stops at 200: past that the split would be partial, so the dialog names the providers instead.
  if (items.length >= 200) return { isPending: false, byProvider: null }
  const byProvider = new Map<PaymentProviderName, { count: number; total: number }>()
  for (const transfer of items) {
    if (transfer.direction !== 'payout' || transfer.batchId !== null) continue
    const sum = byProvider.get(transfer.provider) ?? { count: 0, total: 0 }
    byProvider.set(transfer.provider, { count: sum.count + 1, total: sum.total + transfer.amount })
  }
  return { isPending: false, byProvider }
}

/**
 * "Pay all approved", asked first: how many payouts, how much in all and through which providers (with any float
 * that falls short of its part), and whether a second admin must approve the batch before anything is sent. The
 * count and total shown are the ones sent: payouts approved meanwhile are refused by the server, not sent unseen.
 */
function PayAllDialog({
  seen,
  overview,
  isPending,
  onConfirm,
  onClose,
}: {
  seen: Seen | null
  overview: PaymentsOverview
  isPending: boolean
  onConfirm: (seen: Seen) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const shown = useLastShown(seen)
  const needsSecondAdmin = shown !== null && shown.total > overview.approvalAbove
  const split = useWaitingByProvider(seen !== null)
  return (
    <ConfirmModal
      subject={seen}
      title={t('mobileMoney.payAll.title')}
      confirmLabel={t(needsSecondAdmin ? 'mobileMoney.payAll.confirmAwaiting' : 'mobileMoney.payAll.confirm')}
      isPending={isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {({ count, total }) => (
        <Stack gap="sm">
          <Text>{t('mobileMoney.payAll.body', { count, total: formatRwf(total) })}</Text>
          {split.isPending ? (
            <>
              <LoadingStatus />
              <Skeleton h={40} aria-hidden />
            </>
          ) : split.byProvider && split.byProvider.size > 0 ? (
            <div>
              <Text size="sm" fw={600} id="pay-all-providers">
                {t('mobileMoney.payAll.byProviderLabel')}
              </Text>
              <Stack
                component="ul"
                gap={2}
                aria-labelledby="pay-all-providers"
                style={{ paddingInlineStart: '1.25rem', margin: 0 }}
              >
                {[...split.byProvider].map(([provider, part]) => (
                  <Text component="li" size="sm" key={provider}>
                    {t('mobileMoney.payAll.byProvider', {
                      provider: providerName(t, provider),
                      count: part.count,
                      total: formatRwf(part.total),
                    })}
                  </Text>
                ))}
              </Stack>
            </div>
          ) : (
            <Text size="sm">
              {t('mobileMoney.payAll.providers', {
                providers: overview.providers.map(({ provider }) => providerName(t, provider)).join(', '),
              })}
            </Text>
          )}
          {split.byProvider &&
            overview.providers.map(({ provider, float }) => {
              const part = split.byProvider?.get(provider)
              if (!part || float === null || float >= part.total) return null
              return (
                <Notice key={provider} color="orange">
                  {t('mobileMoney.payAll.floatShort', {
                    provider: providerName(t, provider),
                    float: formatRwf(float),
                  })}
                </Notice>
              )
            })}
          {needsSecondAdmin && (
            <Notice color="yellow">
              {t('mobileMoney.payAll.secondAdmin', { limit: formatRwf(overview.approvalAbove) })}
            </Notice>
          )}
        </Stack>
      )}
    </ConfirmModal>
  )
}
