import type { ReactNode } from 'react'
import { Paper, Stack, Title } from '@mantine/core'

/** A titled card on a screen: a section landmark named by its own h2, so screen readers can jump between them. */
export function SectionCard({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}
