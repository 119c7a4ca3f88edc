import { Anchor, Button, Stack } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { resetPasswordInput, tokenInput } from '../../shared/schemas/auth'
import { useResetPassword } from '../api/account'
import { AuthCard } from '../components/auth-card'
import { paths } from '../paths'
import { AuthAlert, AuthForm, NewPasswordFields, useAuthSubmit } from './auth-form'

/** The mailed link (`/reset-password?token=…`): a new password, typed twice, under the registration rules. */
export default function ResetPasswordPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const hasToken = tokenInput.safeParse({ token }).success
  const reset = useResetPassword()
  const form = useForm({
    initialValues: { token, password: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordInput, { sync: true }),
  })
  const { submit, failure } = useAuthSubmit(form, reset, {
    onSuccess: () => navigate(`${paths.login}?reset=true`, { replace: true }),
    deadLinkKeys: ['auth.reset.linkInvalid'],
  })

  const requestNew = (
    <Button component={Link} to={paths.forgotPassword} variant="white" size="xs">
      {t('auth.reset.requestNew')}
    </Button>
  )

  return (
    <AuthCard title={t('auth.reset.title')} subtitle={hasToken ? t('auth.reset.subtitle') : undefined}>
      {!hasToken && (
        <AuthAlert kind="error">
          <Stack gap="xs" align="flex-start">
            <span>{t('auth.reset.missing')}</span>
            {requestNew}
          </Stack>
        </AuthAlert>
      )}
      {failure && (
        <AuthAlert kind="error" title={t('auth.reset.errorTitle')}>
          <Stack gap="xs" align="flex-start">
            <span>{failure.text}</span>
            {failure.isLinkDead && requestNew}
          </Stack>
        </AuthAlert>
      )}
      {hasToken && !failure?.isLinkDead && (
        <AuthForm onSubmit={submit} submitLabel={t('auth.reset.submit')} isPending={reset.isPending}>
          <NewPasswordFields label={t('auth.reset.newPassword')} form={form} />
        </AuthForm>
      )}
      <Anchor component={Link} to={paths.login} size="sm">
        {t('auth.forgot.backToLogin')}
      </Anchor>
    </AuthCard>
  )
}
