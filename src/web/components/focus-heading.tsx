import type { ReactNode, Ref } from 'react'
import { Title, type TitleOrder } from '@mantine/core'

/**
 * A heading that focus can be sent to (after an action removed the button that had it, or when a pane opens),
 * so a keyboard or screen-reader user carries on from there rather than from the top of the page. It is not
 * in the tab order, and it shows no focus ring: it is a place to stand, not a control.
 */
export function FocusHeading({
  ref,
  order = 2,
  size,
  id,
  children,
}: {
  ref?: Ref<HTMLHeadingElement>
  order?: TitleOrder
  size?: string
  id?: string
  children: ReactNode
}) {
  return (
    <Title order={order} size={size} id={id} ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      {children}
    </Title>
  )
}
