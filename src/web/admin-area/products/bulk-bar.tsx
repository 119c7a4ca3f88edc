import { Button, Group, Paper, Text } from '@mantine/core'
import { IconCheck, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { DecisionStatus } from './use-product-decisions'

/**
 * What can be done with the selected products (admin §2: select all and per-row selection): approve or reject
 * them all. Shown only while something is selected; while a decision on them runs, its buttons ignore clicks.
 */
export function BulkBar({
  count,
  isBusy,
  onDecide,
  onClear,
}: {
  count: number
  isBusy: boolean
  onDecide: (status: DecisionStatus) => void
  onClear: () => void
}) {
  const { t } = useTranslation()
  const busyProps = isBusy ? { 'data-disabled': true, 'aria-disabled': true } : {}
  return (
    <Paper
      component="section"
      aria-label={t('admin.products.bulk.label')}
      withBorder
      radius="md"
      p="sm"
      bg="var(--mantine-primary-color-light)"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={600} size="sm">
          {t('admin.products.bulk.selected', { count })}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            size="sm"
            color="green.9"
            leftSection={<IconCheck size={16} aria-hidden />}
            {...busyProps}
            onClick={() => !isBusy && onDecide('approved')}
          >
            {t('admin.products.bulk.approve')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            color="red.9"
            bg="var(--mantine-color-body)"
            leftSection={<IconX size={16} aria-hidden />}
            {...busyProps}
            onClick={() => !isBusy && onDecide('rejected')}
          >
            {t('admin.products.bulk.reject')}
          </Button>
          <Button size="sm" variant="default" {...busyProps} onClick={() => !isBusy && onClear()}>
            {t('admin.products.bulk.clear')}
          </Button>
        </Group>
      </Group>
    </Paper>
  )
}
