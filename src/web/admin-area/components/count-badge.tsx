import { Badge } from '@mantine/core'

/**
 * How many wait for a person in a section (adjustments to approve, transfers to check), for its heading's end
 * (SectionCard's `aside`). Nothing while none wait or while they load, so the heading stands alone: a function
 * rather than a component, whose element would always count as an aside.
 */
export const countBadge = (count: number | undefined, color: string, text: (count: number) => string) =>
  count ? (
    <Badge variant="light" color={color} style={{ flexShrink: 0 }}>
      {text(count)}
    </Badge>
  ) : undefined
