import type { ReactNode } from 'react'
import { Paper, Stack, Title } from '@mantine/core'

type SectionProps = { id: string; title: ReactNode; children: ReactNode }

/** A titled card on a screen: a section landmark named by its own h2, so screen readers can jump between them. */
export function SectionCard({
  id,
  title,
  children,
  inDialog = false,
}: SectionProps & { inDialog?: boolean }) {
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={id}>
      <Stack gap={inDialog ? 'sm' : 'md'}>
        <Title order={inDialog ? 3 : 2} size={inDialog ? 'h5' : 'h4'} id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

/** A titled part of a dialog: a region named by its heading (the dialog's own title is the h2). */
export const DialogSection = (props: SectionProps) => <SectionCard {...props} inDialog />
