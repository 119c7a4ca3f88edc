import type { ReactNode } from 'react'
import { Group, Paper, Stack, Title } from '@mantine/core'

type SectionProps = { id: string; title: ReactNode; children: ReactNode }

/**
 * A titled card on a screen: a section landmark named by its own h2, so screen readers can jump between them.
 * `aside` stands at the heading's end (a status, an Edit button).
 */
export function SectionCard({
  id,
  title,
  aside,
  children,
  inDialog = false,
}: SectionProps & { aside?: ReactNode; inDialog?: boolean }) {
  const heading = (
    <Title order={inDialog ? 3 : 2} size={inDialog ? 'h5' : 'h4'} id={id}>
      {title}
    </Title>
  )
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={id}>
      <Stack gap={inDialog ? 'sm' : 'md'}>
        {aside ? (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            {heading}
            {aside}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Paper>
  )
}

/** A titled part of a dialog: a region named by its heading (the dialog's own title is the h2). */
export const DialogSection = (props: SectionProps) => <SectionCard {...props} inDialog />
