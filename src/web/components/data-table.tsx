import type { ReactNode } from 'react'
import { Box, Table, Text } from '@mantine/core'

export type Column = { label: ReactNode; align?: 'start' | 'end' }

/**
 * A list as a table on wide screens: named for screen readers, one header cell per column (scope="col"),
 * figures in tabular digits so amounts line up. The rows are the children.
 */
export function DataTable({
  label,
  columns,
  children,
}: {
  label: string
  columns: Column[]
  children: ReactNode
}) {
  return (
    <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover tabularNums aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => (
            <Table.Th key={index} scope="col" ta={column.align}>
              {column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
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

/** A date in a table cell, as a <time> element with the machine-readable value. */
export function DateCell({
  value,
  format,
  miw,
}: {
  value: string
  format: (iso: string) => string
  miw?: number
}) {
  return (
    <Text size="sm" component="time" dateTime={value} miw={miw}>
      {format(value)}
    </Text>
  )
}
