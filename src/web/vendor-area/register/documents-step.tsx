import { Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { limits } from '../../../shared/constants'
import { WizardUpload, type StepProps } from './wizard-upload'

/** Step 4: the government ID (required), more ID documents and business documents (both optional). */
export function DocumentsStep({ form, onBusyChange }: StepProps) {
  const { t } = useTranslation()
  const documents = [
    {
      field: 'govId',
      purpose: 'gov_id',
      label: t('fields.govId'),
      description: t('vendor.register.fields.govIdHint'),
      maxFiles: 1,
    },
    {
      field: 'idDocuments',
      purpose: 'id_document',
      label: t('fields.idDocuments'),
      description: t('vendor.register.fields.idDocumentsHint'),
      maxFiles: limits.files.idDocuments,
    },
    {
      field: 'businessDocuments',
      purpose: 'business_document',
      label: t('vendor.register.fields.businessDocuments'),
      description: t('vendor.register.fields.businessDocumentsHint'),
      maxFiles: limits.files.businessDocuments,
    },
  ] as const
  return (
    <Stack gap="lg">
      {documents.map((document) => (
        <WizardUpload key={document.field} {...document} form={form} onBusyChange={onBusyChange} />
      ))}
    </Stack>
  )
}
