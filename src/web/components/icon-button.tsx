import type { ComponentPropsWithoutRef } from 'react'
import { ActionIcon, Tooltip, type ActionIconProps } from '@mantine/core'
import type { TablerIcon } from '@tabler/icons-react'

/**
 * A button that shows only its icon, in a list's row or on a tile: large enough to tap (size lg), and named for
 * screen readers by `label`. A `tooltip` shows sighted readers the word the icon stands for ("View").
 */
export function IconButton({
  label,
  icon: Icon,
  tooltip,
  ...props
}: { label: string; icon: TablerIcon; tooltip?: string } & ActionIconProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ActionIconProps | 'aria-label'>) {
  const button = (
    <ActionIcon size="lg" aria-label={label} {...props}>
      <Icon size={18} aria-hidden />
    </ActionIcon>
  )
  return tooltip === undefined ? (
    button
  ) : (
    <Tooltip label={tooltip} withArrow>
      {button}
    </Tooltip>
  )
}
