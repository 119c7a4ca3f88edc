import { useEffect } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Center, Loader, Stack, Text } from '@mantine/core'
import { startSession } from '../api/account'
import { api, ApiError, call } from '../api/client'
import { paths } from '../paths'

/**
 * The return from Google: the server has created the profile (role vendor) if it was missing.
 * Admins go to /admin, vendors with a shop to /vendor, others to the registration wizard.
 */
export default function AuthCallbackPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const queryClient = useQueryClient()

  useEffect(() => {
    if (params.get('error')) {
      navigate(`${paths.login}?error=auth_failed`, { replace: true })
      return
    }
    let isCancelled = false
    call(api.account.me.$get())
      .then((me) => {
        if (isCancelled) return
        startSession(queryClient, me)
        if (me.user.role === 'admin') navigate(paths.admin.dashboard, { replace: true })
        else if (me.vendor) navigate(paths.vendor.dashboard, { replace: true })
        else navigate(paths.vendor.register, { replace: true })
      })
      .catch((error: unknown) => {
        if (isCancelled) return
        if (error instanceof ApiError && error.status === 401) navigate(paths.login, { replace: true })
        else if (error instanceof ApiError) navigate(`${paths.login}?error=profile_error`, { replace: true })
        else navigate(`${paths.login}?error=unexpected_error`, { replace: true })
      })
    return () => {
      isCancelled = true
    }
  }, [navigate, params, queryClient])

  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Stack align="center">
        <Loader aria-hidden />
        <Text>{t('auth.callback.working')}</Text>
      </Stack>
    </Center>
  )
}
