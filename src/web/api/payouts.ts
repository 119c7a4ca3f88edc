import type { ListPosition } from '../components/use-page-param'
import { api, call } from './client'
import { pageQuery, useApiMutation, usePagedQuery } from './queries'
import { dashboardKeys, payoutKeys } from './query-keys'

const PAGE_SIZE = 20

export function useVendorPayouts(position: ListPosition) {
  const filters = { ...position, pageSize: PAGE_SIZE }
  return usePagedQuery(payoutKeys.list(filters), (options) =>
    call(api.vendor.payouts.$get({ query: pageQuery(filters) }, options)),
  )
}

const usePayoutMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) =>
  useApiMutation({ mutationFn, invalidates: [payoutKeys.all, dashboardKeys.all] })

export const useRequestPayout = () =>
  usePayoutMutation((amount: number) => call(api.vendor.payouts.$post({ json: { amount } })))

export const useConfirmReceipt = () =>
  usePayoutMutation((id: string) =>
    call(api.vendor.payouts[':id']['confirm-receipt'].$post({ param: { id } })),
  )
