import { TextInput, type TextInputProps } from '@mantine/core'

/**
 * A mobile number (Rwandan 07XX XXX XXX, or +2507…, and East African numbers): the phone's number keypad,
 * the browser's autofill, and room for spaces. Nothing typed is cut: a number that is not one is refused with
 * its message. The server normalises it to E.164.
 */
export function PhoneInput(props: TextInputProps) {
  return <TextInput placeholder="07XX XXX XXX" type="tel" inputMode="tel" autoComplete="tel" {...props} />
}
