import { TextInput, type TextInputProps } from '@mantine/core'

/**
 * A taxpayer identification number at the Rwanda Revenue Authority (9 digits): the phone's number keypad, and no
 * autofill (a browser knows no tax number). Nothing typed is cut: a number that is not one is refused with its
 * message.
 */
export function TinInput(props: TextInputProps) {
  return <TextInput inputMode="numeric" autoComplete="off" {...props} />
}
