import { useId, type ReactNode } from 'react'
import { SimpleGrid, type SimpleGridProps } from '@mantine/core'

/**
 * A list of cards (by default one column on a phone, two from 768 px): a real <ul>, so its length is
 * announced. Each card gets an id for its name, unique on the page, for the card and its buttons to point to.
 */
export function CardList<T>({
  items,
  keyOf,
  cols = { base: 1, sm: 2 },
  spacing = 'sm',
  children,
}: {
  items: T[]
  keyOf: (item: T) => string
  cols?: SimpleGridProps['cols']
  spacing?: SimpleGridProps['spacing']
  children: (item: T, nameId: string) => ReactNode
}) {
  const idPrefix = useId()
  return (
    <SimpleGrid component="ul" cols={cols} spacing={spacing} m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <li key={keyOf(item)}>{children(item, `${idPrefix}-${keyOf(item)}`)}</li>
      ))}
    </SimpleGrid>
  )
}
