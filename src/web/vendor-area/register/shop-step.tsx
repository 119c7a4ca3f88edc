import { Stack, Textarea, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { textMax } from '../../../shared/constants'
import { useFieldProps } from '../../components/form-errors'
import { TaxFields } from '../components/tax-section'
import type { WizardForm } from './wizard-form'

/**
 * Step 2: the shop's name (unique on Isoko, checked by the server), where it does business, and its tax identity
 * (optional): the TIN and whether it is registered for VAT.
 */
export function ShopStep({ form }: { form: WizardForm }) {
  const { t } = useTranslation()
  const field = useFieldProps(form)
  return (
    <Stack gap="sm">
      <TextInput
        label={t('fields.shopName')}
        autoComplete="organization"
        required
        {...field('shopName', { max: textMax.shopName })}
      />
      <Textarea
        label={t('fields.businessAddress')}
        description={t('vendor.register.fields.businessAddressHint')}
        autoComplete="street-address"
        required
        autosize
        minRows={2}
        maxRows={5}
        {...field('businessAddress', { max: textMax.businessAddress })}
      />
      <TaxFields tin={field('tin')} vatRegistered={field('vatRegistered', { type: 'checkbox' })} />
    </Stack>
  )
}
