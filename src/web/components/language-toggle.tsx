import { Button, Tooltip } from '@mantine/core'
import { useLanguageSwitch } from './language-switch'

/** The language toggle inside an area's layout (header). Shows EN or RW. */
export function LanguageToggle() {
  const { code, label, toggle } = useLanguageSwitch()
  return (
    <Tooltip label={label}>
      <Button variant="default" size="xs" onClick={toggle} aria-label={label}>
        {code}
      </Button>
    </Tooltip>
  )
}
