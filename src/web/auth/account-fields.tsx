import type { ReactNode } from 'react'
import type { UseFormReturnType } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { limits } from '../../shared/constants'
import { EmailInput } from '../components/account-inputs'
import { FullNameInput } from '../components/full-name-input'
import { useFieldProps } from '../components/form-errors'
import { NewPasswordFields } from './auth-form'

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
      <FullNameInput {...field('fullName')} />
      <EmailInput required maxLength={limits.emailMax} {...field('email')} />
      {children}
      <NewPasswordFields label={t('fields.password')} form={form} />
    </>
  )
}
