import { useEffect, useRef } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { PayoutBatchDto, transferResolutionInput } from '../../shared/schemas/payments'
import type { PayoutBatchStatus, TransferStatus } from '../../shared/payments'
import { api, call, withSignal } from './client'
import { detailQuery, useApiMutation } from './queries'
import { auditLogKeys, dashboardKeys, paymentKeys, payoutKeys, reportKeys } from './query-keys'

/** How often a batch on its way is asked about (the worker settles a payout within seconds). */
export const BATCH_POLL_MS = 2_000
/**
 * How often the overview is read again on its own: the floats are read by the server in the background, which
 * announces nothing (payouts waiting, sending and unknown arrive with the realtime events).
 */
const OVERVIEW_REFRESH_MS = 60_000

const overviewKey = paymentKeys.named('overview')

/**
 * Money in motion (GET /api/admin/payments): each provider's float, approved payouts waiting to be sent, transfers
 * sending and needing a person, the batches under way. The payouts screen and the dashboard share it.
 */
export function usePaymentsOverview() {
  return useQuery({
    queryKey: overviewKey,
    queryFn: ({ signal }) => call(api.admin.payments.$get({ query: {} }, withSignal(signal))),
    refetchInterval: OVERVIEW_REFRESH_MS,
  })
}

/** A batch still moves while it waits for a second admin or its payouts are being sent. */
export const isBatchLive = (status: PayoutBatchStatus | undefined) =>
  status === 'sending' || status === 'awaiting_approval'

/**
 * One batch's progress, asked for every 2 seconds while it moves (`seed`: what the overview or the creation
 * already said of it). Once it is settled, the payouts it moved, their figures and the overview are read again.
 */
export function usePayoutBatch(seed: PayoutBatchDto) {
  const client = useQueryClient()
  const query = useQuery({
    queryKey: paymentKeys.detail(seed.id),
    queryFn: ({ signal }) =>
      call(api.admin['payout-batches'][':id'].$get({ param: { id: seed.id } }, withSignal(signal))),
    initialData: seed,
    refetchInterval: (current) => (isBatchLive(current.state.data?.status) ? BATCH_POLL_MS : false),
  })
  const status = query.data.status
  const wasLive = useRef(isBatchLive(status))
  useEffect(() => {
    const isLive = isBatchLive(status)
    if (wasLive.current && !isLive) {
      for (const queryKey of [overviewKey, paymentKeys.lists(), payoutKeys.all, dashboardKeys.all]) {
        void client.invalidateQueries({ queryKey })
      }
    }
    wasLive.current = isLive
  }, [client, status])
  return query
}

/** What moving money changes: the payouts and their figures, the overview and batches, the audit log. */
const moneyMoved = [paymentKeys.all, payoutKeys.all, dashboardKeys.all, reportKeys.all, auditLogKeys.all]

/**
 * "Pay all approved", with the count and total the admin saw (the server refuses with payments.errors.batchChanged
 * when they differ). The answer is the batch: its progress is known at once.
 */
export const useCreatePayoutBatch = () =>
  useApiMutation({
    mutationFn: (seen: { count: number; total: number }) =>
      call(api.admin['payout-batches'].$post({ json: seen })),
    invalidates: moneyMoved,
    onSuccess: (batch, _seen, client) => client.setQueryData(paymentKeys.detail(batch.id), batch),
  })

/** A second admin releases a batch above the threshold, or an admin cancels it (its payouts wait again). */
export const useDecidePayoutBatch = () =>
  useApiMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'cancel' }) =>
      call(api.admin['payout-batches'][':id'].decision.$post({ param: { id }, json: { decision } })),
    invalidates: moneyMoved,
    onSuccess: (batch, _input, client) => client.setQueryData(paymentKeys.detail(batch.id), batch),
  })

/** The transfers in one state, oldest first: `unknown` is the queue a person settles; `queued`, what waits. */
export function useTransfers(status: TransferStatus, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: paymentKeys.list({ status }),
    queryFn: ({ signal }) =>
      call(api.admin.transfers.$get({ query: { status, limit: '200' } }, withSignal(signal))),
    enabled,
  })
}

/** What a person does with an unknown transfer, as sent (the note of a failure may be left out). */
export type TransferResolutionInput = z.input<typeof transferResolutionInput>

/**
 * Settles an unknown transfer: ask the provider again, or record what it said (paid with its transaction id,
 * or failed: the money back with the shop). Never a new send under a new reference.
 */
export const useResolveTransfer = () =>
  useApiMutation({
    mutationFn: ({ id, resolution }: { id: string; resolution: TransferResolutionInput }) =>
      call(api.admin.transfers[':id'].resolve.$post({ param: { id }, json: resolution })),
    invalidates: moneyMoved,
  })

/**
 * Who the provider has registered for the number a pending mobile-money payout goes to, beside the shop owner's
 * name, asked of the provider each time the approval opens (null: none open, nothing asked). A refusal (no
 * provider reaches the number, the provider not answering) is shown, not retried.
 */
export function usePayoutAccountHolder(payoutId: string | null) {
  return useQuery({
    ...detailQuery(paymentKeys.named('holder', payoutId), payoutId, (param, options) =>
      call(api.admin.payouts[':id']['account-holder'].$get({ param }, options)),
    ),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
}
