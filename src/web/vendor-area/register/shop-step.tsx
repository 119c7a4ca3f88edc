import { Stack, Textarea, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { fieldError } from '../../components/form-errors'
import type { WizardForm } from './wizard-form'

/** Step 2: the shop's name (unique on Isoko, checked by the server) and where it does business. */
export function ShopStep({ form }: { form: WizardForm }) {
  const { t } = useTranslation()
  return (
    <Stack gap="sm">
      <TextInput
        label={t('vendor.register.fields.shopName')}
        autoComplete="organization"
        required
        maxLength={100}
        {...form.getInputProps('shopName')}
        error={fieldError(t, form.errors.shopName)}
      />
      <Textarea
        label={t('vendor.register.fields.businessAddress')}
        description={t('vendor.register.fields.businessAddressHint')}
        autoComplete="street-address"
        required
        autosize
        minRows={2}
        maxRows={5}
        maxLength={300}
        {...form.getInputProps('businessAddress')}
        error={fieldError(t, form.errors.businessAddress)}
      />
    </Stack>
  )
}
