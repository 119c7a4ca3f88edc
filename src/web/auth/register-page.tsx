import { useState } from 'react'
import { Alert, Anchor, Button, Divider, NativeSelect, Stack, Text } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { IconAlertCircle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate } from 'react-router'
import { registerInput } from '../../shared/schemas/auth'
import { useMe, useRegister } from '../api/account'
import { AuthCard } from '../components/auth-card'
import { errorMessage, serverFieldErrors, useFieldProps } from '../components/form-errors'
import { LoadingScreen } from '../components/loading-screen'
import { AccountFields } from './account-fields'
import { GoogleButton } from './google-button'
import { paths } from '../paths'

export default function RegisterPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const me = useMe()
  const register = useRegister()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm({
    initialValues: { fullName: '', email: '', role: 'vendor' as const, password: '', confirmPassword: '' },
    validate: schemaResolver(registerInput, { sync: true }),
  })
  const field = useFieldProps(form)

  if (me.isPending) return <LoadingScreen />
  if (me.data) return <Navigate to={paths.home} replace />

  const submit = form.onSubmit((values) => {
    setFailure(null)
    register.mutate(values, {
      onSuccess: (result) => navigate(paths.checkEmail, { state: { email: result.email } }),
      onError: (error) => {
        form.setErrors(serverFieldErrors(error))
        setFailure(errorMessage(t, error))
      },
    })
  })

  return (
    <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      {failure && (
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          title={t('auth.register.errorTitle')}
          role="alert"
        >
          {failure}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <AccountFields form={form}>
            <NativeSelect
              label={t('auth.register.accountType')}
              data={[{ value: 'vendor', label: t('auth.register.accountTypeVendor') }]}
              {...field('role')}
            />
          </AccountFields>
          <Button type="submit" loading={register.isPending} fullWidth>
            {t('auth.register.submit')}
          </Button>
        </Stack>
      </form>
      <Divider label={t('common.or')} labelPosition="center" />
      <GoogleButton mode="signUp" onError={setFailure} />
      <Text size="sm">
        {t('auth.register.haveAccount')}{' '}
        <Anchor component={Link} to={paths.login}>
          {t('auth.register.loginLink')}
        </Anchor>
      </Text>
    </AuthCard>
  )
}
