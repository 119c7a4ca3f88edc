import { useState } from 'react'
import { Alert, Anchor, Button, Stack } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { adminSetupInput } from '../../shared/schemas/auth'
import { useCreateFirstAdmin, useSetupStatus } from '../api/account'
import { AuthCard } from '../components/auth-card'
import { LoadingScreen } from '../components/loading-screen'
import { showToast } from '../components/show-toast'
import { AccountFields } from './account-fields'
import { useAuthSubmit } from './auth-form'
import { paths } from '../paths'

/** The one-time link from the server log carries the token in its hash (kept out of access logs). */
function readToken(): string {
  const fromHash = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token')
  return fromHash ?? new URLSearchParams(window.location.search).get('token') ?? ''
}

export default function SetupAdminPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const status = useSetupStatus()
  const create = useCreateFirstAdmin()
  const [token] = useState(readToken)
  const form = useForm({
    initialValues: { token, fullName: '', email: '', password: '', confirmPassword: '' },
    validate: schemaResolver(adminSetupInput, { sync: true }),
  })
  const { submit, failure } = useAuthSubmit(form, create, {
    onSuccess: () => {
      showToast({ color: 'green', message: t('setupAdmin.success') })
      navigate(paths.login, { replace: true })
    },
  })

  if (status.isPending) return <LoadingScreen />

  if (status.data?.adminExists && !create.isSuccess) {
    return (
      <AuthCard title={t('setupAdmin.title')}>
        <Alert color="blue" role="status">
          {t('setup.adminExists')}
        </Alert>
        <Button component={Link} to={paths.login}>
          {t('auth.login.submit')}
        </Button>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={t('setupAdmin.title')} subtitle={t('setupAdmin.intro')}>
      {!token && (
        <Alert color="red" role="alert">
          {t('setupAdmin.missingToken')}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure.text}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <AccountFields form={form} />
          <Button type="submit" loading={create.isPending} disabled={!token} fullWidth>
            {t('setupAdmin.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={paths.login} size="sm">
        {t('auth.register.loginLink')}
      </Anchor>
    </AuthCard>
  )
}
