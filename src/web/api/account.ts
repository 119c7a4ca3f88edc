import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { GOOGLE_SIGN_IN_URL } from '../../shared/language'
import type { AdminSetupInput, Me, RegisterInput, ResetPasswordInput } from '../../shared/schemas/auth'
import { api, ApiError, call, postJson, withSignal } from './client'
import { useApiMutation } from './queries'
import { accountKeys } from './query-keys'

const meKey = accountKeys.named('me')

/** The session: the signed-in user, or null when signed out. Asked once at start-up (app.tsx) and by useMe. */
export const meQuery = queryOptions({
  queryKey: meKey,
  queryFn: ({ signal }) => call(api.account.session.$get(undefined, withSignal(signal))),
  staleTime: 60_000,
  retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
})

/** The signed-in user, or null when signed out. */
export function useMe() {
  return useQuery(meQuery)
}

/**
 * A new session (or none): everything cached for the previous one goes. The vendor's and the admin's screens
 * share each resource's keys (query-keys.ts), so nothing of one user may be shown to the next.
 */
export function startSession(client: QueryClient, me: Me | null) {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== accountKeys.all[0] })
  client.setQueryData(meKey, me)
}

/** A call whose answer no cached list or record shows: nothing to refresh after it. */
const useUncachedCall = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) =>
  useApiMutation({ mutationFn, invalidates: [] })

export const useLogin = () =>
  useApiMutation({
    mutationFn: (input: { email: string; password: string }) =>
      call(api.account.login.$post({ json: input })),
    invalidates: [],
    onSuccess: (me, _input, client) => startSession(client, me),
  })

export const useRegister = () =>
  useUncachedCall((input: RegisterInput) => call(api.account.register.$post({ json: input })))

export const useLogout = () =>
  useApiMutation({
    mutationFn: () => call(api.account.logout.$post()),
    invalidates: [],
    onSettled: (client) => startSession(client, null),
  })

export const useResendConfirmation = () =>
  useUncachedCall((email: string) => call(api.account['resend-confirmation'].$post({ json: { email } })))

export const useConfirmEmail = () =>
  useUncachedCall((token: string) => call(api.account['confirm-email'].$post({ json: { token } })))

/** "Forgot password?": the server answers alike whether or not the address has an account. */
export const useRequestPasswordReset = () =>
  useUncachedCall((email: string) => call(api.account['forgot-password'].$post({ json: { email } })))

/** Sets the new password with the mailed token; every session of the account ends. */
export const useResetPassword = () =>
  useApiMutation({
    mutationFn: (input: ResetPasswordInput) => call(api.account['reset-password'].$post({ json: input })),
    invalidates: [],
    // This browser too may have been signed in to the account: its session is gone now.
    onSuccess: (_answer, _input, client) => startSession(client, null),
  })

export function useProviders() {
  return useQuery({
    queryKey: accountKeys.named('providers'),
    queryFn: ({ signal }) => call(api.account.providers.$get(undefined, withSignal(signal))),
    staleTime: 5 * 60_000,
  })
}

/** Starts the Google redirect flow; the browser leaves for Google and comes back to /auth/callback. */
export async function startGoogleSignIn() {
  const result = await postJson<{ url: string; redirect: boolean }>(GOOGLE_SIGN_IN_URL, {
    provider: 'google',
    callbackURL: '/auth/callback',
    newUserCallbackURL: '/auth/callback',
    errorCallbackURL: '/login?error=auth_failed',
  })
  window.location.assign(result.url)
}

export function useDebugInfo() {
  return useQuery({
    queryKey: accountKeys.named('debug'),
    queryFn: ({ signal }) => call(api.debug.$get(undefined, withSignal(signal))),
    retry: false,
  })
}

export function useSetupStatus() {
  return useQuery({
    queryKey: accountKeys.named('setupStatus'),
    queryFn: ({ signal }) => call(api.setup.status.$get(undefined, withSignal(signal))),
  })
}

export const useCreateFirstAdmin = () =>
  useUncachedCall((input: AdminSetupInput) => call(api.setup.admin.$post({ json: input })))

/**
 * The signed-in vendor's shop, for screens under the vendor layout: the layout has already sent anyone
 * without one to /vendor/register, so here it is always there.
 */
export function useVendorRecord() {
  const vendor = useMe().data?.vendor
  if (!vendor) throw new Error('useVendorRecord is for screens inside the vendor layout')
  return vendor
}
