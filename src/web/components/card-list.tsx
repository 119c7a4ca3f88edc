import type { ReactNode } from 'react'
import { SimpleGrid } from '@mantine/core'

/** A list of cards (one column on a phone, two from 768 px): a real <ul>, so its length is announced. */
export function CardList<T>({
  items,
  keyOf,
  children,
}: {
  items: T[]
  keyOf: (item: T) => string
  children: (item: T) => ReactNode
}) {
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, sm: 2 }}
      spacing="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {items.map((item) => (
        <li key={keyOf(item)}>{children(item)}</li>
      ))}
    </SimpleGrid>
  )
}
