import { useId, type ReactNode } from 'react'
import {
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Text,
  ThemeIcon,
  VisuallyHidden,
  type SimpleGridProps,
} from '@mantine/core'
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

export type Stat = Parameters<typeof StatCard>[0] & { key: string }

/**
 * A section of figures named by its own (visually hidden) h2, the cards one <dl>; while `stats` is still
 * loading, `loading` skeleton cards keep the space.
 */
export function StatGrid({
  id,
  title,
  cols,
  stats,
  loading = 0,
}: {
  id: string
  title: string
  cols: SimpleGridProps['cols']
  stats: Stat[] | undefined
  loading?: number
}) {
  return (
    <section aria-labelledby={id}>
      <VisuallyHidden>
        <h2 id={id}>{title}</h2>
      </VisuallyHidden>
      <SimpleGrid component="dl" cols={cols} spacing="md" m={0}>
        {stats
          ? stats.map(({ key, ...stat }) => <StatCard key={key} {...stat} />)
          : Array.from({ length: loading }, (_, index) => <StatCardSkeleton key={index} />)}
      </SimpleGrid>
    </section>
  )
}

/** A figure written as the cards write counts: with thousands separators ("1,250"). */
export const formatCount = (value: number) => value.toLocaleString('en-US')

/** One card of a summary: the figure it shows (its key in the summary and in the screen's texts), its icon. */
export type SummaryCard<K extends string> = { key: K; icon: TablerIcon; color: string }

/**
 * A screen's summary figures as cards, in the order of `cards`, from the screen's summary texts (`t` of
 * `useTranslation(undefined, { keyPrefix })`): `label` names the section, each card's key its label and
 * `<key>Hint` the line under its value. While the summary loads, a skeleton per card keeps the space.
 */
export function SummaryGrid<const K extends string, S>({
  texts,
  cards,
  summary,
  value,
  cols = { base: 2, lg: 4 },
}: {
  texts: (key: 'label' | K | `${K}Hint`) => string
  cards: readonly SummaryCard<K>[]
  summary: S | undefined
  value: (key: K, summary: S) => ReactNode
  /** Two cards a row, four from a wide screen, unless said. */
  cols?: SimpleGridProps['cols']
}) {
  const id = useId()
  const stats =
    summary === undefined
      ? undefined
      : cards.map(({ key, icon, color }) => ({
          key,
          label: texts(key),
          value: value(key, summary),
          hint: texts(`${key}Hint`),
          icon,
          color,
        }))
  return <StatGrid id={id} title={texts('label')} cols={cols} stats={stats} loading={cards.length} />
}
