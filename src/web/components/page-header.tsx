import type { ReactNode, Ref } from 'react'
import { Text, Title } from '@mantine/core'

/**
 * A screen's one h1 and the line under it that says what the screen is for. With `ref`, the heading can take
 * focus (after an action removed the button that had it), like FocusHeading: not in the tab order, no ring.
 */
export function PageHeader({
  title,
  subtitle,
  ref,
}: {
  title: ReactNode
  subtitle?: ReactNode
  ref?: Ref<HTMLHeadingElement>
}) {
  return (
    <header>
      <Title
        order={1}
        ref={ref}
        tabIndex={ref ? -1 : undefined}
        style={{ overflowWrap: 'anywhere', ...(ref ? { outline: 'none' } : {}) }}
      >
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
