import { SegmentedControl } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'

/**
 * A list's status filter as one row of buttons ('All', then each status). Four labels side by side fit a
 * 375 px phone in both languages at the small size.
 */
export function StatusFilter<const S extends string>({
  value,
  statuses,
  labelOf,
  label,
  onChange,
}: {
  value: S
  statuses: readonly S[]
  labelOf: (status: S) => string
  label: string
  onChange: (status: S) => void
}) {
  const isPhone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false })
  return (
    <SegmentedControl
      aria-label={label}
      value={value}
      onChange={(next) => onChange(next as S)}
      data={statuses.map((status) => ({ value: status, label: labelOf(status) }))}
      size={isPhone ? 'xs' : 'sm'}
      style={{ flex: '1 1 320px', maxWidth: 480 }}
      fullWidth
    />
  )
}
