import { useEffect, useRef, useState } from 'react'
import { Button, Loader, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { timings } from '../../shared/constants'
import { useConfirmEmail } from '../api/account'
import { ApiError } from '../api/client'
import { AuthCard } from '../components/auth-card'
import type { TextKey } from '../i18n/keys'
import { paths } from '../paths'
import { AuthAlert } from './auth-form'

type State = { step: 'loading' } | { step: 'success' } | { step: 'failed'; messageKey: TextKey }

/** The server's answer → what this screen says about it. */
const failureKeys: Record<string, TextKey> = {
  'auth.confirm.used': 'auth.confirm.used',
  'auth.confirm.expired': 'auth.confirm.expired',
  'auth.confirm.invalid': 'auth.confirm.invalid',
  'auth.token.invalid': 'auth.confirm.invalid',
}

/** The mail's link carries the token in its hash; it is moved into the query, as the original app did. */
function takeToken(): string | null {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''))
  const fromHash = hash.get('access_token')
  if (fromHash) {
    const query = new URLSearchParams(window.location.search)
    hash.forEach((value, key) => query.set(key, value))
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${query.toString()}`)
    return fromHash
  }
  return new URLSearchParams(window.location.search).get('access_token')
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export default function ConfirmEmailPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const confirm = useConfirmEmail()
  const [state, setState] = useState<State>({ step: 'loading' })
  const [secondsLeft, setSecondsLeft] = useState<number>(timings.confirmRedirectSeconds)
  const hasStarted = useRef(false)
  const goToLogin = () => navigate(`${paths.login}?confirmed=true`, { replace: true })

  useEffect(() => {
    // Once only (the token works once; React may run effects twice in development).
    if (hasStarted.current) return
    hasStarted.current = true
    const token = takeToken()
    if (!token) {
      setState({ step: 'failed', messageKey: 'auth.confirm.missing' })
      return
    }
    // Success shows no sooner than 800 ms after the page opens (spec §4).
    Promise.allSettled([confirm.mutateAsync(token), wait(timings.confirmSuccessDelayMs)]).then(([result]) => {
      if (result.status === 'fulfilled') return setState({ step: 'success' })
      const key = result.reason instanceof ApiError ? failureKeys[result.reason.messageKey] : undefined
      setState({ step: 'failed', messageKey: key ?? 'errors.internal' })
    })
  }, [confirm])

  useEffect(() => {
    if (state.step !== 'success') return
    if (secondsLeft <= 0) {
      goToLogin()
      return
    }
    const timer = setTimeout(() => setSecondsLeft((value) => value - 1), 1000)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.step, secondsLeft])

  return (
    <AuthCard title={t('auth.confirm.title')}>
      {state.step === 'loading' && (
        <Stack align="center" role="status" aria-live="polite">
          <Loader aria-hidden />
          <Text>{t('auth.confirm.confirming')}</Text>
        </Stack>
      )}
      {state.step === 'success' && (
        <Stack>
          <AuthAlert kind="success" title={t('auth.confirm.successTitle')}>
            {t('auth.confirm.successBody')}
          </AuthAlert>
          <Text aria-live="polite">{t('auth.confirm.redirecting', { count: secondsLeft })}</Text>
          <Button onClick={goToLogin} fullWidth>
            {t('auth.goLogin')}
          </Button>
        </Stack>
      )}
      {state.step === 'failed' && (
        <Stack>
          <AuthAlert
            kind="error"
            icon={null}
            color={state.messageKey === 'auth.confirm.used' ? 'blue' : 'red'}
            title={t('auth.confirm.failedTitle')}
          >
            {t(state.messageKey)}
          </AuthAlert>
          <Button component={Link} to={paths.login} fullWidth>
            {t('auth.goLogin')}
          </Button>
        </Stack>
      )}
    </AuthCard>
  )
}
