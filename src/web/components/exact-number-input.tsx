import { NumberInput, type NumberInputProps } from '@mantine/core'

/**
 * A price or a stock in whole units (RWF has no minor unit), grouped by thousands and typed on the phone's
 * number keypad, that keeps what was typed: no minimum, maximum, clamping or dropped sign or decimal point, so
 * '-5000' stays '-5,000' and '1.5' stays '1.5'. The form's rule (the shared schema) refuses a wrong value with a
 * message beside the field instead of the field quietly making it another number.
 */
export function ExactNumberInput(props: Omit<NumberInputProps, 'min' | 'max' | 'clampBehavior'>) {
  return (
    <NumberInput
      allowNegative
      allowDecimal
      clampBehavior="none"
      thousandSeparator=","
      inputMode="numeric"
      {...props}
    />
  )
}

/** A NumberInput's value as a form keeps it: '' when empty, else the number typed (NaN for '-' alone). */
export const typedNumber = (value: string | number): number | '' =>
  value === '' ? '' : typeof value === 'number' ? value : Number(value)
