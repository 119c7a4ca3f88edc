import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Me, Providers } from '../../shared/schemas/auth'
import { api, ApiError } from './client'

export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  providers: () => [...accountKeys.all, 'providers'] as const,
  debug: () => ['system', 'debug'] as const,
  setupStatus: () => ['setup', 'status'] as const,
}

/** The signed-in user, or null when signed out. */
export function useMe() {
  return useQuery({
    queryKey: accountKeys.me(),
    queryFn: ({ signal }) => api<Me | null>('GET', '/account/session', undefined, signal),
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  })
}

export function useLogin() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: { email: string; password: string }) => api<Me>('POST', '/account/login', input),
    onSuccess: (me) => client.setQueryData(accountKeys.me(), me),
  })
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: { fullName: string; email: string; password: string; confirmPassword: string; role: 'vendor' }) =>
      api<{ email: string }>('POST', '/account/register', input),
  })
}

export function useLogout() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => api<{ ok: true }>('POST', '/account/logout'),
    onSettled: () => {
      client.setQueryData(accountKeys.me(), null)
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'account' })
    },
  })
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) => api<{ ok: true }>('POST', '/account/resend-confirmation', { email }),
  })
}

export function useConfirmEmail() {
  return useMutation({
    mutationFn: (token: string) => api<{ ok: true }>('POST', '/account/confirm-email', { token }),
  })
}

export function useProviders() {
  return useQuery({
    queryKey: accountKeys.providers(),
    queryFn: ({ signal }) => api<Providers>('GET', '/account/providers', undefined, signal),
    staleTime: 5 * 60_000,
  })
}

/** Starts the Google redirect flow; the browser leaves for Google and comes back to /auth/callback. */
export async function startGoogleSignIn() {
  const result = await api<{ url: string; redirect: boolean }>('POST', '/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/auth/callback',
    newUserCallbackURL: '/auth/callback',
    errorCallbackURL: '/login?error=auth_failed',
  })
  window.location.assign(result.url)
}

export type DebugInfo = {
  status: 'ok' | 'degraded'
  database: { reachable: boolean; kind: 'pglite' | 'postgres'; latencyMs: number }
  publicUrl: string
  google: { enabled: boolean; redirectUri: string; clientIdSet: boolean; clientSecretSet: boolean }
  mail: 'smtp' | 'outbox'
  storage: 'local' | 's3'
  serverTime: string
}

export function useDebugInfo() {
  return useQuery({
    queryKey: accountKeys.debug(),
    queryFn: ({ signal }) => api<DebugInfo>('GET', '/debug', undefined, signal),
    retry: false,
  })
}

export function useSetupStatus() {
  return useQuery({
    queryKey: accountKeys.setupStatus(),
    queryFn: ({ signal }) => api<{ adminExists: boolean }>('GET', '/setup/status', undefined, signal),
  })
}

export function useCreateFirstAdmin() {
  return useMutation({
    mutationFn: (input: { token: string; fullName: string; email: string; password: string; confirmPassword: string }) =>
      api<{ email: string }>('POST', '/setup/admin', input),
  })
}
