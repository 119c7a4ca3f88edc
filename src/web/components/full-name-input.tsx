import { TextInput, type TextInputProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { limits } from '../../shared/constants'
import { tooLongText } from './form-errors'

/**
 * A person's full name, as every form that creates an account or a shop asks for it. A longer name than the
 * rule takes is kept as typed and said to be too long, never cut.
 */
export function FullNameInput(props: TextInputProps) {
  const { t } = useTranslation()
  return (
    <TextInput
      label={t('fields.fullName')}
      autoComplete="name"
      required
      {...props}
      error={tooLongText(t, props.value, limits.nameMax) ?? props.error}
    />
  )
}
