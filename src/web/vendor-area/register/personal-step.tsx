import { Stack, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { limits } from '../../../shared/constants'
import { fieldError } from '../../components/form-errors'
import type { WizardForm } from './wizard-form'

/** Step 1: who runs the shop. The e-mail is the account's and is shown, not edited. */
export function PersonalStep({ form, email }: { form: WizardForm; email: string }) {
  const { t } = useTranslation()
  return (
    <Stack gap="sm">
      <TextInput
        label={t('vendor.register.fields.fullName')}
        autoComplete="name"
        required
        maxLength={limits.nameMax}
        {...form.getInputProps('fullName')}
        error={fieldError(t, form.errors.fullName)}
      />
      <TextInput
        label={t('vendor.register.fields.email')}
        description={t('vendor.register.fields.emailHint')}
        type="email"
        value={email}
        readOnly
        variant="filled"
      />
      <TextInput
        label={t('vendor.register.fields.phone')}
        description={t('vendor.register.fields.phoneHint')}
        placeholder="07XX XXX XXX"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        maxLength={32}
        {...form.getInputProps('phone')}
        error={fieldError(t, form.errors.phone)}
      />
    </Stack>
  )
}
