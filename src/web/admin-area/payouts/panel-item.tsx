import { useId, type ReactNode } from 'react'
import { Group, Paper, Stack, Text } from '@mantine/core'

/**
 * One entry of a list in the mobile-money panel (a batch, a transfer to check): a bordered <li> named by its title,
 * with a line under the title and, at its end and never squeezed, what it stands at (a status, an amount); then
 * the rest of it.
 */
export function PanelItem({
  title,
  titleWeight,
  subtitle,
  end,
  children,
}: {
  title: ReactNode
  titleWeight: 600 | 700
  subtitle: ReactNode
  end: ReactNode
  children: ReactNode
}) {
  const titleId = useId()
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={titleWeight} id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            <Text size="xs" c="dimmed">
              {subtitle}
            </Text>
          </div>
          {end}
        </Group>
        {children}
      </Stack>
    </Paper>
  )
}
