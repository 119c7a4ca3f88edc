import { Text, type TextProps } from '@mantine/core'
import { formatRwf } from '../../shared/money'

/**
 * An amount in Rwandan francs, always through formatRwf: "RWF 25,000" — thousands separators, no decimals
 * (spec §1, §9). Inline by default, so it can sit inside a sentence or a heading.
 */
export function Money({ amount, ...props }: { amount: number | string } & TextProps) {
  return (
    <Text component="span" inherit {...props}>
      {formatRwf(amount)}
    </Text>
  )
}
