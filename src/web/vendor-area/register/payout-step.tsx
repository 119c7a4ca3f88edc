import { Group, Radio, Stack, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import {
  limits,
  mobileMoneyProviders,
  payoutMethods,
  textMax,
  type PayoutMethod,
} from '../../../shared/constants'
import { fieldError, useFieldProps } from '../../components/form-errors'
import type { WizardForm } from './wizard-form'
import { PhoneInput } from '../../components/phone-input'

/** Step 5: how Isoko pays the vendor, and the details that method needs. */
export function PayoutStep({ form }: { form: WizardForm }) {
  const { t } = useTranslation()
  const field = useFieldProps(form)
  const values = form.getValues()

  const chooseMethod = (method: string) => {
    form.setFieldValue('payoutMethod', method as PayoutMethod)
    // Mobile money usually goes to the phone given in step 1: offer it rather than ask twice.
    if (method === 'mobile_money' && !values.mobileMoney.mobileNumber) {
      form.setFieldValue('mobileMoney.mobileNumber', values.phone)
    }
  }

  return (
    <Stack gap="md">
      <Radio.Group
        label={t('fields.payoutMethod')}
        required
        value={values.payoutMethod}
        onChange={chooseMethod}
        error={fieldError(t, form.errors.payoutMethod)}
        data-error-group={form.errors.payoutMethod ? true : undefined}
      >
        <Stack gap="xs" mt={6}>
          {payoutMethods.map((method) => (
            <Radio key={method} value={method} label={t(`vendor.register.methods.${method}`)} />
          ))}
        </Stack>
      </Radio.Group>

      {values.payoutMethod === 'bank' && (
        <Stack gap="sm">
          <TextInput
            label={t('fields.bankName')}
            required
            {...field('bank.bankName', { max: textMax.bankName })}
          />
          <TextInput
            label={t('fields.accountNumber')}
            required
            autoComplete="off"
            {...field('bank.accountNumber', { max: textMax.accountNumber })}
          />
          <TextInput
            label={t('fields.routingNumber')}
            description={t('vendor.register.optional')}
            autoComplete="off"
            {...field('bank.routingNumber', { max: textMax.accountNumber })}
          />
        </Stack>
      )}

      {values.payoutMethod === 'paypal' && (
        <TextInput
          label={t('fields.paypalEmail')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          {...field('paypal.paypalEmail', { max: limits.emailMax })}
        />
      )}

      {values.payoutMethod === 'mobile_money' && (
        <Stack gap="sm">
          <Radio.Group
            label={t('fields.provider')}
            required
            {...field('mobileMoney.provider')}
            data-error-group={form.errors['mobileMoney.provider'] ? true : undefined}
          >
            <Group gap="lg" mt={6}>
              {mobileMoneyProviders.map((provider) => (
                <Radio key={provider} value={provider} label={t(`vendor.register.providers.${provider}`)} />
              ))}
            </Group>
          </Radio.Group>
          <PhoneInput
            label={t('fields.mobileNumber')}
            description={t('vendor.register.fields.mobileNumberHint')}
            required
            {...field('mobileMoney.mobileNumber')}
          />
        </Stack>
      )}
    </Stack>
  )
}
