import { useId, type ReactNode } from 'react'
import { Box, Table, Text } from '@mantine/core'
import { DateText } from './date-text'

/** One column: its header, and what its cell shows for an item (`nameId` names the item, see DataTable). */
export type Column<T> = {
  label: ReactNode
  cell: (item: T, nameId: string) => ReactNode
  /** Figures line up at the end, header and cells alike. */
  align?: 'start' | 'end'
  /** Bounds on the cell's width, so that no column squeezes another to a word a line. */
  maw?: number
  miw?: number
  /** Buttons and amounts stay on one line. */
  nowrap?: boolean
}

/**
 * A list as a table on wide screens: named for screen readers, one header cell per column (scope="col"),
 * figures in tabular digits so amounts line up, one row per item. Each row carries its item's id in
 * `data-row-id` (for focus to come back to it after an action) and gives its cells an id, unique on the page,
 * for the element that names the item, so that the row's buttons can point to it.
 */
export function DataTable<T extends { id: string }>({
  label,
  labelledBy,
  columns,
  items,
  isSelected,
  highlightOnHover = true,
  isDense = false,
  minWidth,
}: {
  label?: string
  labelledBy?: string
  columns: Column<T>[]
  items: T[]
  /** A selected row is tinted. */
  isSelected?: (item: T) => boolean
  highlightOnHover?: boolean
  /** Tighter rows and cells, for a list read at a desk many rows at a time. */
  isDense?: boolean
  /**
   * The narrowest the table reads well: in a narrower space it scrolls sideways inside its own box (the page never
   * does). Unset: the table takes the width it is given.
   */
  minWidth?: number
}) {
  const idPrefix = useId()
  const table = (
    <Table
      verticalSpacing={isDense ? 6 : 'sm'}
      horizontalSpacing={isDense ? 8 : 'sm'}
      highlightOnHover={highlightOnHover}
      tabularNums
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => (
            <Table.Th key={index} scope="col" ta={column.align}>
              {column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr
            key={item.id}
            data-row-id={item.id}
            bg={isSelected?.(item) ? 'var(--mantine-primary-color-light)' : undefined}
          >
            {columns.map((column, index) => (
              <Table.Td
                key={index}
                ta={column.align}
                maw={column.maw}
                miw={column.miw}
                style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
              >
                {column.cell(item, `${idPrefix}-${item.id}`)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
  if (minWidth === undefined) return table
  // The browser's own scrollbar: in view while the table is wider than its box, so the columns past the edge are
  // seen to be there.
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      {table}
    </Table.ScrollContainer>
  )
}

/** A cell's name in bold with a dimmed line under it; long words break rather than widen the table. */
export function NameCell({
  name,
  detail,
  id,
  miw,
}: {
  name: ReactNode
  detail: ReactNode
  /** The id that the row's buttons point to for their accessible description. */
  id?: string
  miw: number
}) {
  return (
    <Box miw={miw}>
      <Text fw={600} size="sm" id={id} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {detail}
      </Text>
    </Box>
  )
}

/** A date in a table cell (with `withTime`, date and time). */
export function DateCell({ value, withTime, miw }: { value: string; withTime?: boolean; miw?: number }) {
  return (
    <Text size="sm" miw={miw}>
      <DateText value={value} withTime={withTime} />
    </Text>
  )
}
