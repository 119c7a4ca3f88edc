import { Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { limits } from '../../../shared/constants'
import { fieldError } from '../../components/form-errors'
import { UploadWidget } from '../../components/upload-widget'
import type { WizardForm } from './wizard-form'

type Props = { form: WizardForm; onBusyChange: (key: string, isBusy: boolean) => void }

/** Step 4: the government ID (required), more ID documents and business documents (both optional). */
export function DocumentsStep({ form, onBusyChange }: Props) {
  const { t } = useTranslation()
  const values = form.getValues()
  return (
    <Stack gap="lg">
      <UploadWidget
        purpose="gov_id"
        label={t('vendor.register.fields.govId')}
        description={t('vendor.register.fields.govIdHint')}
        maxFiles={1}
        accept="images-pdf"
        value={values.govId}
        onChange={(files) => form.setFieldValue('govId', files)}
        onBusyChange={(isBusy) => onBusyChange('govId', isBusy)}
        error={fieldError(t, form.errors.govId)}
      />
      <UploadWidget
        purpose="id_document"
        label={t('vendor.register.fields.idDocuments')}
        description={t('vendor.register.fields.idDocumentsHint')}
        maxFiles={limits.files.idDocuments}
        accept="images-pdf"
        value={values.idDocuments}
        onChange={(files) => form.setFieldValue('idDocuments', files)}
        onBusyChange={(isBusy) => onBusyChange('idDocuments', isBusy)}
        error={fieldError(t, form.errors.idDocuments)}
      />
      <UploadWidget
        purpose="business_document"
        label={t('vendor.register.fields.businessDocuments')}
        description={t('vendor.register.fields.businessDocumentsHint')}
        maxFiles={limits.files.businessDocuments}
        accept="images-pdf"
        value={values.businessDocuments}
        onChange={(files) => form.setFieldValue('businessDocuments', files)}
        onBusyChange={(isBusy) => onBusyChange('businessDocuments', isBusy)}
        error={fieldError(t, form.errors.businessDocuments)}
      />
    </Stack>
  )
}
