import type { Ref } from 'react'
import { TextInput, type TextInputProps } from '@mantine/core'

/**
 * The reference of a payment made outside the app, which a confirmation asks for (a transfer's payment reference,
 * a provider's transaction id): one line of at most `max` characters, focused as the dialog opens, that says
 * `missingError` when a required one was left blank. `field` is useRequiredText's.
 */
export function ReferenceField({
  field,
  missingError,
  max,
  ...props
}: {
  field: { ref: Ref<HTMLInputElement>; value: string; isMissing: boolean; onChange: (value: string) => void }
  missingError: string
  max: number
} & Pick<TextInputProps, 'label' | 'description' | 'required' | 'disabled'>) {
  return (
    <TextInput
      {...props}
      ref={field.ref}
      error={field.isMissing ? missingError : undefined}
      value={field.value}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      maxLength={max}
      autoComplete="off"
      data-autofocus
    />
  )
}
