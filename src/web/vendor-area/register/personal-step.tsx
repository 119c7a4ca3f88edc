import { Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { EmailInput } from '../../components/account-inputs'
import { FullNameInput } from '../../components/full-name-input'
import { useFieldProps } from '../../components/form-errors'
import type { WizardForm } from './wizard-form'
import { PhoneInput } from '../../components/phone-input'

/** Step 1: who runs the shop. The e-mail is the account's and is shown, not edited. */
export function PersonalStep({ form, email }: { form: WizardForm; email: string }) {
  const { t } = useTranslation()
  const field = useFieldProps(form)
  return (
    <Stack gap="sm">
      <FullNameInput {...field('fullName')} />
      <EmailInput
        description={t('vendor.register.fields.emailHint')}
        value={email}
        readOnly
        variant="filled"
      />
      <PhoneInput
        label={t('vendor.register.fields.phone')}
        description={t('vendor.register.fields.phoneHint')}
        required
        {...field('phone')}
      />
    </Stack>
  )
}
