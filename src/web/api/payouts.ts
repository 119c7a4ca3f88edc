import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PayoutDto, PayoutOverview } from '../../shared/schemas/payout'
import { api } from './client'
import { vendorKeys } from './vendor'

export const payoutKeys = {
  all: ['payouts'] as const,
  overview: (page: number) => [...payoutKeys.all, 'overview', page] as const,
}

export function useVendorPayouts(page: number) {
  return useQuery({
    queryKey: payoutKeys.overview(page),
    queryFn: ({ signal }) => api<PayoutOverview>('GET', `/vendor/payouts?page=${page}&pageSize=20`, undefined, signal),
    placeholderData: keepPreviousData,
  })
}

function usePayoutMutation<Input>(call: (input: Input) => Promise<PayoutDto>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: payoutKeys.all })
      void client.invalidateQueries({ queryKey: vendorKeys.dashboard() })
    },
  })
}

export const useRequestPayout = () =>
  usePayoutMutation((amount: number) => api<PayoutDto>('POST', '/vendor/payouts', { amount }))

export const useConfirmReceipt = () =>
  usePayoutMutation((id: string) => api<PayoutDto>('POST', `/vendor/payouts/${id}/confirm-receipt`))
