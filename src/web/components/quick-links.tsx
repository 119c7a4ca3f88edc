import { Button, type ButtonProps } from '@mantine/core'
import type { TablerIcon } from '@tabler/icons-react'
import { Link } from 'react-router'

export type QuickLink = { key: string; to: string; icon: TablerIcon; label: string }

/** A dashboard's quick actions: links that look like buttons, each with its icon, to lay out as the caller wants. */
export function QuickLinks({
  links,
  ...buttonProps
}: { links: readonly QuickLink[] } & Pick<ButtonProps, 'size' | 'justify'>) {
  return links.map(({ key, to, icon: Icon, label }) => (
    <Button
      key={key}
      component={Link}
      to={to}
      variant="default"
      {...buttonProps}
      leftSection={<Icon size={20} aria-hidden />}
    >
      {label}
    </Button>
  ))
}
