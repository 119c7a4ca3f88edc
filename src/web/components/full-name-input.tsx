import { TextInput, type TextInputProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { limits } from '../../shared/constants'

/** A person's full name, as every form that creates an account or a shop asks for it. */
export function FullNameInput(props: TextInputProps) {
  const { t } = useTranslation()
  return (
    <TextInput
      label={t('fields.fullName')}
      autoComplete="name"
      required
      maxLength={limits.nameMax}
      {...props}
    />
  )
}
