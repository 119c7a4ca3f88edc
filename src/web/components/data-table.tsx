import type { ReactNode } from 'react'
import { Table } from '@mantine/core'

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
