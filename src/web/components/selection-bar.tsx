import type { ReactNode } from 'react'
import { Group, Paper, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { BusyButton } from './busy-button'

/** The lists whose selection's texts share one layout under their key: label, selected (with the count), clear. */
export type SelectionTexts = 'admin.products.bulk' | 'vendor.orders.bulk'

/**
 * The bar above a list while rows are selected: how many, what can be done with them all (`children`), and Clear.
 * While an action on them runs, Clear ignores clicks as the action's buttons do.
 */
export function SelectionBar({
  texts,
  count,
  isCountAnnounced = false,
  isBusy,
  onClear,
  children,
}: {
  texts: SelectionTexts
  count: number
  /** A screen reader hears the count change as rows are ticked. */
  isCountAnnounced?: boolean
  isBusy: boolean
  onClear: () => void
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Paper
      component="section"
      aria-label={t(`${texts}.label`)}
      withBorder
      radius="md"
      p="sm"
      bg="var(--mantine-primary-color-light)"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={600} size="sm" aria-live={isCountAnnounced ? 'polite' : undefined}>
          {t(`${texts}.selected`, { count })}
        </Text>
        <Group gap="xs" wrap="wrap">
          {children}
          <BusyButton size="sm" variant="default" isBusy={isBusy} onClick={onClear}>
            {t(`${texts}.clear`)}
          </BusyButton>
        </Group>
      </Group>
    </Paper>
  )
}
