import { useQuery, type QueryKey } from '@tanstack/react-query'
import type { Plan } from '../../shared/constants'
import type { VendorProfile, VendorRegistrationInput } from '../../shared/schemas/vendor'
import { api, call, withSignal } from './client'
import { useApiMutation } from './queries'
import { accountKeys, dashboardKeys, productKeys, vendorKeys } from './query-keys'

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
