import type { ReactNode } from 'react'
import { DataList } from '@mantine/core'

export type Field = { label: ReactNode; value: ReactNode }

/**
 * Label–value pairs (a <dl>): read as "Shop name, Ikoti Fashion" by a screen reader. Long values (an address,
 * an e-mail) wrap anywhere instead of widening a phone screen.
 */
export function FieldList({
  fields,
  labelWidth = 140,
  orientation = 'horizontal',
  gap = 'xs',
}: {
  fields: Field[]
  labelWidth?: number
  orientation?: 'horizontal' | 'vertical'
  gap?: string | number
}) {
  return (
    <DataList orientation={orientation} size="sm" gap={gap} labelWidth={labelWidth}>
      {fields.map((field, index) => (
        <DataList.Item key={index}>
          <DataList.ItemLabel>{field.label}</DataList.ItemLabel>
          <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{field.value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  )
}
