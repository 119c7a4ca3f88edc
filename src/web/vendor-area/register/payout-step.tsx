import { Group, Radio, Stack, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { mobileMoneyProviders, payoutMethods, type PayoutMethod } from '../../../shared/constants'
import { fieldError } from '../../components/form-errors'
import type { WizardForm } from './wizard-form'

/** Step 5: how Isoko pays the vendor, and the details that method needs. */
export function PayoutStep({ form }: { form: WizardForm }) {
  const { t } = useTranslation()
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
        label={t('vendor.register.fields.payoutMethod')}
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
            label={t('vendor.register.fields.bankName')}
            required
            maxLength={100}
            {...form.getInputProps('bank.bankName')}
            error={fieldError(t, form.errors['bank.bankName'])}
          />
          <TextInput
            label={t('vendor.register.fields.accountNumber')}
            required
            maxLength={34}
            autoComplete="off"
            {...form.getInputProps('bank.accountNumber')}
            error={fieldError(t, form.errors['bank.accountNumber'])}
          />
          <TextInput
            label={t('vendor.register.fields.routingNumber')}
            description={t('vendor.register.optional')}
            maxLength={34}
            autoComplete="off"
            {...form.getInputProps('bank.routingNumber')}
            error={fieldError(t, form.errors['bank.routingNumber'])}
          />
        </Stack>
      )}

      {values.payoutMethod === 'paypal' && (
        <TextInput
          label={t('vendor.register.fields.paypalEmail')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          maxLength={254}
          {...form.getInputProps('paypal.paypalEmail')}
          error={fieldError(t, form.errors['paypal.paypalEmail'])}
        />
      )}

      {values.payoutMethod === 'mobile_money' && (
        <Stack gap="sm">
          <Radio.Group
            label={t('vendor.register.fields.provider')}
            required
            {...form.getInputProps('mobileMoney.provider')}
            error={fieldError(t, form.errors['mobileMoney.provider'])}
            data-error-group={form.errors['mobileMoney.provider'] ? true : undefined}
          >
            <Group gap="lg" mt={6}>
              {mobileMoneyProviders.map((provider) => (
                <Radio key={provider} value={provider} label={t(`vendor.register.providers.${provider}`)} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput
            label={t('vendor.register.fields.mobileNumber')}
            description={t('vendor.register.fields.mobileNumberHint')}
            placeholder="07XX XXX XXX"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={32}
            {...form.getInputProps('mobileMoney.mobileNumber')}
            error={fieldError(t, form.errors['mobileMoney.mobileNumber'])}
          />
        </Stack>
      )}
    </Stack>
  )
}
