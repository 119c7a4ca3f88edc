import type { ListPosition } from '../components/use-page-param'
import { api, call } from './client'
import { pageQuery, useApiMutation, usePagedQuery } from './queries'
import { dashboardKeys, payoutKeys } from './query-keys'

const PAGE_SIZE = 20

/** The overview with one page of the history, optionally of the days requested (an end left out is open). */
export function useVendorPayouts(position: ListPosition & { from?: string; to?: string }) {
  const filters = { ...position, pageSize: PAGE_SIZE }
  const { from, to } = position
  return usePagedQuery(payoutKeys.list(filters), (options) =>
    call(api.vendor.payouts.$get({ query: { from, to, ...pageQuery(filters) } }, options)),
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
