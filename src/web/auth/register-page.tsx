import { useState } from 'react'
import { NativeSelect } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate } from 'react-router'
import { registerInput } from '../../shared/schemas/auth'
import { useMe, useRegister } from '../api/account'
import { AuthCard } from '../components/auth-card'
import { errorMessage, serverFieldErrors, useFieldProps } from '../components/form-errors'
import { LoadingScreen } from '../components/loading-screen'
import { AccountFields } from './account-fields'
import { AuthAlert, AuthForm } from './auth-form'
import { OtherWaysIn } from './google-button'
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
        <AuthAlert kind="error" title={t('auth.register.errorTitle')}>
          {failure}
        </AuthAlert>
      )}
      <AuthForm onSubmit={submit} submitLabel={t('auth.register.submit')} isPending={register.isPending}>
        <AccountFields form={form}>
          <NativeSelect
            label={t('auth.register.accountType')}
            data={[{ value: 'vendor', label: t('auth.register.accountTypeVendor') }]}
            {...field('role')}
          />
        </AccountFields>
      </AuthForm>
      <OtherWaysIn mode="signUp" onError={setFailure} />
    </AuthCard>
  )
}
