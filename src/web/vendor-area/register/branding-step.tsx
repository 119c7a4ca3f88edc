import { useTranslation } from 'react-i18next'
import { limits } from '../../../shared/constants'
import { fieldError } from '../../components/form-errors'
import { UploadWidget } from '../../components/upload-widget'
import type { WizardForm } from './wizard-form'

/** Step 3 (optional): the shop logo. */
export function BrandingStep({
  form,
  onBusyChange,
}: {
  form: WizardForm
  onBusyChange: (key: string, isBusy: boolean) => void
}) {
  const { t } = useTranslation()
  return (
    <UploadWidget
      purpose="logo"
      label={t('vendor.register.fields.logo')}
      description={t('vendor.register.fields.logoHint')}
      maxFiles={limits.files.logo}
      accept="images"
      value={form.getValues().shopLogo}
      onChange={(files) => form.setFieldValue('shopLogo', files)}
      onBusyChange={(isBusy) => onBusyChange('shopLogo', isBusy)}
      error={fieldError(t, form.errors.shopLogo)}
    />
  )
}
