import type { ComponentPropsWithoutRef } from 'react'
import { ActionIcon, type ActionIconProps } from '@mantine/core'
import type { TablerIcon } from '@tabler/icons-react'

/**
 * A button that shows only its icon, in a list's row or on a tile: large enough to tap (size lg), and named for
 * screen readers by `label`.
 */
export function IconButton({
  label,
  icon: Icon,
  ...props
}: { label: string; icon: TablerIcon } & ActionIconProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ActionIconProps | 'aria-label'>) {
  return (
    <ActionIcon size="lg" aria-label={label} {...props}>
      <Icon size={18} aria-hidden />
    </ActionIcon>
  )
}
