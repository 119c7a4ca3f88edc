import { useState, type FocusEventHandler, type FormEventHandler, type ReactNode } from 'react'
import { Alert, Button, Stack } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react'
import type { UseMutationResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../api/client'
import { PasswordField } from '../components/account-inputs'
import { errorMessage, serverFieldErrors, useFieldProps } from '../components/form-errors'

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

/**
 * What a public form does on submit: the last failure cleared, the values sent, and a refusal's field errors put
 * on their fields and its message in `failure`. A refusal in `deadLinkKeys` means the mailed link the form came
 * from can no longer work, and another try would fail the same way (`failure.isLinkDead`).
 */
export function useAuthSubmit<Values extends Input, Input, Result>(
  form: UseFormReturnType<Values>,
  mutation: Pick<UseMutationResult<Result, unknown, Input>, 'mutate'>,
  { onSuccess, deadLinkKeys = [] }: { onSuccess: (result: Result) => void; deadLinkKeys?: readonly string[] },
) {
  const { t } = useTranslation()
  const [failure, setFailure] = useState<{ text: string; isLinkDead: boolean } | null>(null)
  const submit = form.onSubmit((values) => {
    setFailure(null)
    mutation.mutate(values, {
      onSuccess: (result) => onSuccess(result),
      onError: (error) => {
        form.setErrors(serverFieldErrors(error))
        setFailure({
          text: errorMessage(t, error),
          isLinkDead: error instanceof ApiError && deadLinkKeys.includes(error.messageKey),
        })
      },
    })
  })
  return { submit, failure }
}

/** A new password under the registration rules and its confirmation, as the account and reset forms ask. */
export function NewPasswordFields<Values extends { password: string; confirmPassword: string }>({
  label,
  form,
}: {
  label: string
  form: UseFormReturnType<Values>
}) {
  const { t } = useTranslation()
  const field = useFieldProps(form)
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        description={t('auth.register.passwordTooShort')}
        {...field('password')}
      />
      <PasswordField
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
    </>
  )
}
