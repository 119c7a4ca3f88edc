import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Plan } from '../../shared/constants'
import type { VendorDashboard, VendorProfile, VendorRegistrationInput } from '../../shared/schemas/vendor'
import { accountKeys } from './account'
import { api } from './client'

export const vendorKeys = {
  all: ['vendor'] as const,
  dashboard: () => [...vendorKeys.all, 'dashboard'] as const,
  profile: () => [...vendorKeys.all, 'profile'] as const,
}

export function useVendorDashboard() {
  return useQuery({
    queryKey: vendorKeys.dashboard(),
    queryFn: ({ signal }) => api<VendorDashboard>('GET', '/vendor/dashboard', undefined, signal),
  })
}

export function useVendorProfile() {
  return useQuery({
    queryKey: vendorKeys.profile(),
    queryFn: ({ signal }) => api<VendorProfile>('GET', '/vendor/profile', undefined, signal),
  })
}

/** Every change to the vendor record refreshes the profile, the dashboard and the session's vendor summary. */
function useVendorMutation<Input>(call: (input: Input) => Promise<VendorProfile>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: (profile) => {
      client.setQueryData(vendorKeys.profile(), profile)
      void client.invalidateQueries({ queryKey: vendorKeys.dashboard() })
      void client.invalidateQueries({ queryKey: accountKeys.me() })
    },
  })
}

export const useRegisterVendor = () =>
  useVendorMutation((input: VendorRegistrationInput) => api<VendorProfile>('POST', '/vendor/registration', input))

export const useUpdateVendorProfile = () =>
  useVendorMutation((input: { shopName?: string; businessAddress?: string; phone?: string }) =>
    api<VendorProfile>('PATCH', '/vendor/profile', input),
  )

export const useSetVendorLogo = () =>
  useVendorMutation((fileId: string | null) => api<VendorProfile>('PUT', '/vendor/profile/logo', { fileId }))

export const useSetBusinessDocuments = () =>
  useVendorMutation((fileIds: string[]) => api<VendorProfile>('PUT', '/vendor/profile/business-documents', { fileIds }))

export const useChooseSubscription = () =>
  useVendorMutation((plan: Plan) => api<VendorProfile>('PUT', '/vendor/subscription', { plan }))

/** The id of an uploaded file from its address (/api/files/<id>). */
export const fileIdFromUrl = (url: string) => /\/api\/files\/([0-9a-f-]{36})/.exec(url)?.[1] ?? null
