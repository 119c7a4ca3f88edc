import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, call, withSignal } from './client'
import { payoutKeys, vendorKeys } from './query-keys'

const PAGE_SIZE = 20

export function useVendorPayouts(page: number) {
  return useQuery({
    queryKey: payoutKeys.list({ page, pageSize: PAGE_SIZE }),
    queryFn: ({ signal }) =>
      call(
        api.vendor.payouts.$get(
          { query: { page: String(page), pageSize: String(PAGE_SIZE) } },
          withSignal(signal),
        ),
      ),
    placeholderData: keepPreviousData,
  })
}

function usePayoutMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: payoutKeys.all })
      void client.invalidateQueries({ queryKey: vendorKeys.named('dashboard') })
    },
  })
}

export const useRequestPayout = () =>
  usePayoutMutation((amount: number) => call(api.vendor.payouts.$post({ json: { amount } })))

export const useConfirmReceipt = () =>
  usePayoutMutation((id: string) =>
    call(api.vendor.payouts[':id']['confirm-receipt'].$post({ param: { id } })),
  )
