import type { ReactNode } from 'react'
import { Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core'
import type { TablerIcon } from '@tabler/icons-react'

/**
 * One dashboard figure, a term and its descriptions: the card is the <div> grouping a <dt> and <dd>s inside
 * the grid's <dl>, so a screen reader reads "Total Products, 12" as one pair rather than loose texts.
 * (Inside a <dl>'s <div> only <dt> and <dd> may stand, which is why the icon sits in the <dt>.)
 */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  color,
}: {
  label: string
  value: ReactNode
  hint: string
  icon: TablerIcon
  color: string
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group component="dt" justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text span size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <ThemeIcon component="span" variant="light" color={color} size={36} radius="md" aria-hidden>
          <Icon size={20} stroke={1.6} />
        </ThemeIcon>
      </Group>
      <Text
        component="dd"
        m={0}
        fz={{ base: 22, sm: 24 }}
        fw={700}
        lh={1.3}
        style={{ overflowWrap: 'anywhere' }}
      >
        {value}
      </Text>
      <Text component="dd" m={0} size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  )
}

/** The same card's shape while the figures load. */
export function StatCardSkeleton() {
  return (
    <Paper withBorder p="md" radius="md" aria-hidden>
      <Skeleton h={12} w="55%" mb="sm" />
      <Skeleton h={26} w="70%" mb="sm" />
      <Skeleton h={10} w="45%" />
    </Paper>
  )
}
