import { Button, Tooltip } from '@mantine/core'
import { useLanguageSwitch } from './language-switch'

/**
 * The language toggle inside an area's layout (header). Shows EN or RW. Its tooltip opens below it, aligned on
 * its right edge and wrapped, so it never reaches past the window: on a phone, whose page widens to hold whatever
 * sticks out, a tooltip past the edge moved the header, the toggle with it, under the pointer pressing it.
 */
export function LanguageToggle() {
  const { code, label, toggle } = useLanguageSwitch()
  return (
    <Tooltip label={label} position="bottom-end" multiline maw={240}>
      <Button variant="default" size="xs" onClick={toggle} aria-label={label}>
        {code}
      </Button>
    </Tooltip>
  )
}
