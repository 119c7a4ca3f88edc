import type { ReactNode } from 'react'
import { Text } from '@mantine/core'

/**
 * What stands where a value is missing ('None', 'Not set', 'No images'): quiet, so that the values around it
 * stand out. `inline` where it takes a value's place within a line or a field.
 */
export function NoneText({ inline = false, children }: { inline?: boolean; children: ReactNode }) {
  return (
    <Text span={inline} size="sm" c="dimmed">
      {children}
    </Text>
  )
}
