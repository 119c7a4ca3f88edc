import { useEffect } from 'react'
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import type { Plan } from '../../shared/constants'
import type { TransferStatus } from '../../shared/payments'
import type { VendorProfile, VendorRegistrationInput } from '../../shared/schemas/vendor'
import { api, call, withSignal } from './client'
import { detailQuery, useApiMutation } from './queries'
import { accountKeys, dashboardKeys, paymentKeys, productKeys, vendorKeys } from './query-keys'

const dashboardKey = dashboardKeys.named('vendor')
const profileKey = vendorKeys.named('profile')

export function useVendorDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: ({ signal }) => call(api.vendor.dashboard.$get(undefined, withSignal(signal))),
  })
}

export function useVendorProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: ({ signal }) => call(api.vendor.profile.$get(undefined, withSignal(signal))),
  })
}

/**
 * Every change to the vendor record refreshes the profile, the dashboard and the session's vendor summary (and
 * whatever else the change moves: `alsoStale`).
 */
const useVendorMutation = <Input>(
  mutationFn: (input: Input) => Promise<VendorProfile>,
  alsoStale: QueryKey[] = [],
) =>
  useApiMutation({
    mutationFn,
    invalidates: [dashboardKey, accountKeys.named('me'), ...alsoStale],
    onSuccess: (profile, _input, client) => client.setQueryData(profileKey, profile),
  })

export const useRegisterVendor = () =>
  useVendorMutation((input: VendorRegistrationInput) => call(api.vendor.registration.$post({ json: input })))

/** The profile's fields; a new low-stock threshold moves which products read as low. */
export const useUpdateVendorProfile = () =>
  useVendorMutation(
    (input: {
      shopName?: string
      businessAddress?: string
      phone?: string
      lowStockThreshold?: number
      tin?: string | null
      vatRegistered?: boolean
      smsOptOut?: boolean
    }) => call(api.vendor.profile.$patch({ json: input })),
    [productKeys.all],
  )

export const useSetVendorLogo = () =>
  useVendorMutation((fileId: string | null) => call(api.vendor.profile.logo.$put({ json: { fileId } })))

export const useSetBusinessDocuments = () =>
  useVendorMutation((fileIds: string[]) =>
    call(api.vendor.profile['business-documents'].$put({ json: { fileIds } })),
  )

export const useChooseSubscription = () =>
  useVendorMutation((plan: Plan) => call(api.vendor.subscription.$put({ json: { plan } })))

export const useWithdrawPlanRequest = () =>
  useVendorMutation(() => call(api.vendor.subscription.request.$delete()))

/** How often a plan payment waiting for the vendor's approval on the phone is asked about. */
export const PLAN_PAYMENT_POLL_MS = 3_000

/**
 * Waiting on the phone or the provider: asked about again. An unknown payment waits for the team, which can take
 * hours: the realtime event of the shop's change brings its end instead.
 */
export const isPlanPaymentMoving = (status: TransferStatus | undefined) =>
  status === 'queued' || status === 'sending'

/**
 * Pays a plan's fee by mobile money: a request to pay goes to the shop's number, approved on the phone. The plan
 * shows as requested meanwhile, so the profile refreshes. (A payment already on its way is answered instead.)
 */
export const useStartPlanPayment = () =>
  useApiMutation({
    mutationFn: (plan: Plan) => call(api.vendor.subscription['mobile-money'].$post({ json: { plan } })),
    invalidates: [profileKey, dashboardKey, accountKeys.named('me')],
    onSuccess: (payment, _plan, client) =>
      client.setQueryData(paymentKeys.named('plan', payment.transferId), payment),
  })

/**
 * Where a plan payment stands (null: none started), asked for every 3 seconds while it waits for the phone or the
 * provider. Once it is paid the plan is active: the profile, the dashboard and the session's summary refresh.
 */
export function usePlanPayment(transferId: string | null) {
  const client = useQueryClient()
  const query = useQuery({
    ...detailQuery(paymentKeys.named('plan', transferId), transferId, (param, options) =>
      call(api.vendor.subscription['mobile-money'][':id'].$get({ param }, options)),
    ),
    refetchInterval: (current) =>
      isPlanPaymentMoving(current.state.data?.status) ? PLAN_PAYMENT_POLL_MS : false,
  })
  const isPaid = query.data?.status === 'paid'
  useEffect(() => {
    if (!isPaid) return
    for (const queryKey of [profileKey, dashboardKey, accountKeys.named('me')]) {
      void client.invalidateQueries({ queryKey })
    }
  }, [client, isPaid])
  return query
}
