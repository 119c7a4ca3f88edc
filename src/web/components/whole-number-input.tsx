import { NumberInput, type NumberInputProps } from '@mantine/core'

/**
 * A count or an amount in Rwandan francs (RWF has no minor unit): whole, not negative, grouped by thousands,
 * typed on the phone's number keypad.
 */
export function WholeNumberInput(props: NumberInputProps) {
  return (
    <NumberInput
      min={0}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator=","
      inputMode="numeric"
      {...props}
    />
  )
}
