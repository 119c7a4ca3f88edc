import type { ComponentPropsWithRef } from 'react'
import { Button, type ButtonProps } from '@mantine/core'

export type BusyButtonProps = ButtonProps &
  Omit<ComponentPropsWithRef<'button'>, keyof ButtonProps | 'onClick'> & {
    /** Something is on its way: the button looks disabled and ignores clicks. */
    isBusy: boolean
    onClick: () => void
  }

/**
 * A button that waits while an action runs. It stays focusable (aria-disabled rather than disabled), so keyboard
 * focus is not thrown to the top of the page while it waits, and a screen reader can still read what it is for.
 */
export function BusyButton({ isBusy, onClick, ...props }: BusyButtonProps) {
  return (
    <Button
      {...props}
      {...(isBusy ? { 'data-disabled': true, 'aria-disabled': true } : {})}
      onClick={() => !isBusy && onClick()}
    />
  )
}
