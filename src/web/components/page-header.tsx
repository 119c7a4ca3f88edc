import type { ReactNode } from 'react'
import { Text, Title } from '@mantine/core'

/** A screen's one h1 and the line under it that says what the screen is for. */
export function PageHeader({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <header>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" mt={4}>
          {subtitle}
        </Text>
      )}
    </header>
  )
}
