import { useTranslation } from 'react-i18next'
import { fieldError } from '../../components/form-errors'
import { UploadWidget, type UploadWidgetProps } from '../../components/upload-widget'
import type { WizardForm } from './wizard-form'

type FileField = 'shopLogo' | 'govId' | 'idDocuments' | 'businessDocuments'

export type BusyChange = (key: string, isBusy: boolean) => void

/** What a step with uploads is given by the wizard. */
export type StepProps = { form: WizardForm; onBusyChange: BusyChange }

/** One of the wizard's file fields: the upload widget bound to the form (value, error, and busy while uploading). */
export function WizardUpload({
  form,
  field,
  onBusyChange,
  ...widget
}: { form: WizardForm; field: FileField; onBusyChange: BusyChange } & Pick<
  UploadWidgetProps,
  'purpose' | 'label' | 'description' | 'maxFiles'
>) {
  const { t } = useTranslation()
  return (
    <UploadWidget
      {...widget}
      value={form.getValues()[field]}
      onChange={(files) => form.setFieldValue(field, files)}
      onBusyChange={(isBusy) => onBusyChange(field, isBusy)}
      error={fieldError(t, form.errors[field])}
    />
  )
}
