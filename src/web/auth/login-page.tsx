import { useState } from 'react'
import { Anchor, Button, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { useLogin, useMe } from '../api/account'
import { ApiError } from '../api/client'
import { EmailInput, PasswordField } from '../components/account-inputs'
import { AuthCard } from '../components/auth-card'
import { errorMessage, useFieldProps } from '../components/form-errors'
import { LoadingScreen } from '../components/loading-screen'
import { lazySchema } from '../components/lazy-schema'
import { AuthAlert, AuthForm } from './auth-form'
import { OtherWaysIn } from './google-button'
import { paths } from '../paths'

const callbackErrors = [
  'auth_failed',
  'profile_error',
  'profile_creation_failed',
  'unexpected_error',
] as const

const loginRules = lazySchema(() => import('../../shared/schemas/auth').then((module) => module.loginInput))

export default function LoginPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const me = useMe()
  const login = useLogin()
  const navigate = useNavigate()
  const [failure, setFailure] = useState<string | null>(null)
  const [isUnconfirmed, setIsUnconfirmed] = useState(false)
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: loginRules.validate,
  })
  const field = useFieldProps(form)

  if (me.isPending) return <LoadingScreen />
  if (me.data?.user.role === 'admin') return <Navigate to={paths.admin.dashboard} replace />
  if (me.data?.user.role === 'vendor') return <Navigate to={paths.vendor.dashboard} replace />

  const callbackError = callbackErrors.find((code) => code === params.get('error'))
  const shownError = failure ?? (callbackError ? t(`auth.login.callbackErrors.${callbackError}`) : null)

  const submit = form.onSubmit((values) => {
    setFailure(null)
    login.mutate(values, {
      onError: (error) => {
        setIsUnconfirmed(error instanceof ApiError && error.messageKey === 'auth.login.emailNotConfirmed')
        setFailure(errorMessage(t, error))
      },
    })
  })

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      {(['confirmed', 'reset'] as const).map(
        (news) =>
          params.get(news) === 'true' && (
            <AuthAlert key={news} kind="success" title={t(`auth.login.${news}Title`)}>
              {t(`auth.login.${news}Body`)}
            </AuthAlert>
          ),
      )}
      {shownError && (
        <AuthAlert kind="error" title={t('auth.login.errorTitle')}>
          <Stack gap="xs" align="flex-start">
            <span>{shownError}</span>
            {isUnconfirmed && failure && (
              <Button
                size="xs"
                variant="white"
                onClick={() =>
                  navigate(paths.checkEmail, { state: { email: form.values.email.trim().toLowerCase() } })
                }
              >
                {t('auth.checkEmail.resend')}
              </Button>
            )}
          </Stack>
        </AuthAlert>
      )}
      <AuthForm
        onSubmit={submit}
        onFocus={loginRules.prefetch}
        submitLabel={t('auth.login.submit')}
        isPending={login.isPending}
      >
        <EmailInput required {...field('email')} />
        <PasswordField label={t('fields.password')} autoComplete="current-password" {...field('password')} />
        <Anchor component={Link} to={paths.forgotPassword} size="sm" ta="right">
          {t('auth.login.forgotLink')}
        </Anchor>
      </AuthForm>
      <OtherWaysIn
        mode="signIn"
        onError={setFailure}
        aside={
          <Anchor component={Link} to={paths.home} size="sm">
            {t('auth.login.backHome')}
          </Anchor>
        }
      />
    </AuthCard>
  )
}
