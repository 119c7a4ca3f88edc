import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/**
 * Why an item was rejected, in its list row or card: cut to a few lines, the whole reason on hover and in the
 * item's dialog. Nothing when no reason was given.
 */
export function ReasonLine({
  reason,
  texts,
  size,
  lines,
}: {
  reason: string | null
  /** Where the list's 'Reason: …' line is. */
  texts: 'admin.products' | 'admin.vendors'
  size: 'xs' | 'sm'
  lines: number
}) {
  const { t } = useTranslation()
  if (!reason) return null
  return (
    <Text size={size} c="dimmed" lineClamp={lines} title={reason} style={{ overflowWrap: 'anywhere' }}>
      {t(`${texts}.reasonLine`, { reason })}
    </Text>
  )
}
