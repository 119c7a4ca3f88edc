import { useState } from 'react'
import { Anchor } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { IconMail } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { timings } from '../../shared/constants'
import { forgotPasswordInput } from '../../shared/schemas/auth'
import { useRequestPasswordReset } from '../api/account'
import { EmailInput } from '../components/account-inputs'
import { AuthCard } from '../components/auth-card'
import { errorMessage, serverFieldErrors, useFieldProps } from '../components/form-errors'
import { paths } from '../paths'
import { AuthAlert, AuthForm } from './auth-form'

/**
 * "Forgot password?": asks for the address and says the same thing whatever it is, since the server does
 * not tell either whether an account uses it.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation()
  const request = useRequestPasswordReset()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordInput, { sync: true }),
  })
  const field = useFieldProps(form)

  const submit = form.onSubmit((values) => {
    setFailure(null)
    const email = values.email.trim().toLowerCase()
    request.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (error) => {
        form.setErrors(serverFieldErrors(error))
        setFailure(errorMessage(t, error))
      },
    })
  })

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={sentTo ? undefined : t('auth.forgot.subtitle')}>
      {sentTo ? (
        <AuthAlert kind="success" icon={<IconMail aria-hidden />} title={t('auth.forgot.sentTitle')}>
          {t('auth.forgot.sentBody', { email: sentTo, minutes: timings.passwordResetLinkMinutes })}
        </AuthAlert>
      ) : (
        <>
          {failure && (
            <AuthAlert kind="error" title={t('auth.forgot.errorTitle')}>
              {failure}
            </AuthAlert>
          )}
          <AuthForm onSubmit={submit} submitLabel={t('auth.forgot.submit')} isPending={request.isPending}>
            <EmailInput required {...field('email')} />
          </AuthForm>
        </>
      )}
      <Anchor component={Link} to={paths.login} size="sm">
        {t('auth.forgot.backToLogin')}
      </Anchor>
    </AuthCard>
  )
}
