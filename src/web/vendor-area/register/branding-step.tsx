import { useTranslation } from 'react-i18next'
import { limits } from '../../../shared/constants'
import { WizardUpload, type StepProps } from './wizard-upload'

/** Step 3 (optional): the shop logo. */
export function BrandingStep({ form, onBusyChange }: StepProps) {
  const { t } = useTranslation()
  return (
    <WizardUpload
      purpose="logo"
      label={t('vendor.register.fields.logo')}
      description={t('vendor.register.fields.logoHint')}
      maxFiles={limits.files.logo}
      form={form}
      field="shopLogo"
      onBusyChange={onBusyChange}
    />
  )
}
