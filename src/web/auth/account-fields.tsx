import type { ReactNode } from 'react'
import { PasswordInput, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { limits } from '../../shared/constants'
import { useFieldProps } from '../components/form-errors'

type AccountValues = { fullName: string; email: string; password: string; confirmPassword: string }

/**
 * Full name, e-mail, password and its confirmation: the fields of a new account, whether a vendor signs up
 * or the first admin is created. `children` sits between the e-mail and the password (the account type).
 */
export function AccountFields<Values extends AccountValues>({
  form,
  children,
}: {
  form: UseFormReturnType<Values>
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const field = useFieldProps(form)
  return (
    <>
      <TextInput
        label={t('fields.fullName')}
        autoComplete="name"
        required
        maxLength={limits.nameMax}
        {...field('fullName')}
      />
      <TextInput
        label={t('fields.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        maxLength={limits.emailMax}
        {...field('email')}
      />
      {children}
      <PasswordInput
        label={t('fields.password')}
        autoComplete="new-password"
        required
        description={t('auth.register.passwordTooShort')}
        visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
        {...field('password')}
      />
      <PasswordInput
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
        {...field('confirmPassword')}
      />
    </>
  )
}
