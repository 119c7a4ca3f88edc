import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'

// The full name's input is in full-name-input.tsx: its limit comes from shared/constants, which /login does not load.

/** An e-mail address: the phone keyboard with @, and the browser may fill it in. */
export function EmailInput(props: TextInputProps) {
  const { t } = useTranslation()
  return (
    <TextInput label={t('fields.email')} type="email" inputMode="email" autoComplete="email" {...props} />
  )
}

/** A required password, its show/hide button named for screen readers. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation()
  return (
    <PasswordInput
      required
      visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
      // Mantine's PasswordInput does not mark its input invalid for screen readers by itself.
      aria-invalid={Boolean(props.error)}
      {...props}
    />
  )
}
