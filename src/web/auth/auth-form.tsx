import type { FocusEventHandler, FormEventHandler, ReactNode } from 'react'
import { Alert, Button, Stack, type PasswordInputProps } from '@mantine/core'
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { PasswordField } from '../components/account-inputs'

/**
 * The message above a public form: a failure is an alert (announced at once), good news a status. `icon`
 * replaces the usual one (the envelope of "check your mail"); `color` the usual one (a link already used).
 */
export function AuthAlert({
  kind,
  title,
  icon,
  color,
  children,
}: {
  kind: 'error' | 'success'
  title?: string
  icon?: ReactNode
  color?: string
  children: ReactNode
}) {
  const isError = kind === 'error'
  return (
    <Alert
      color={color ?? (isError ? 'red' : 'green')}
      icon={
        icon === undefined ? (
          isError ? (
            <IconAlertCircle aria-hidden />
          ) : (
            <IconCircleCheck aria-hidden />
          )
        ) : (
          icon
        )
      }
      title={title}
      role={isError ? 'alert' : 'status'}
    >
      {children}
    </Alert>
  )
}

/** A public screen's form: its fields one under the other, then the full-width submit button. */
export function AuthForm({
  onSubmit,
  onFocus,
  submitLabel,
  isPending,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>
  onFocus?: FocusEventHandler<HTMLFormElement>
  submitLabel: string
  isPending: boolean
  children: ReactNode
}) {
  return (
    <form onSubmit={onSubmit} onFocus={onFocus} noValidate>
      <Stack gap="sm">
        {children}
        <Button type="submit" loading={isPending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  )
}

/** A new password under the registration rules and its confirmation, as the account and reset forms ask. */
export function NewPasswordFields({
  label,
  password,
  confirmPassword,
}: {
  label: string
  password: PasswordInputProps
  confirmPassword: PasswordInputProps
}) {
  const { t } = useTranslation()
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        description={t('auth.register.passwordTooShort')}
        {...password}
      />
      <PasswordField label={t('fields.confirmPassword')} autoComplete="new-password" {...confirmPassword} />
    </>
  )
}
