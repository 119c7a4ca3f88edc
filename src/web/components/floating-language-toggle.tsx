import { ActionIcon, Affix } from '@mantine/core'
import { useLanguageSwitch } from './language-switch'

/**
 * The floating EN/RW button of the public pages (not shown inside /admin or /vendor). Apart from the area's
 * header toggle: the public pages need neither its tooltip nor the positioning code that comes with it.
 */
export function FloatingLanguageToggle() {
  const { code, label, toggle } = useLanguageSwitch()
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
      <ActionIcon size={48} radius="xl" variant="filled" onClick={toggle} aria-label={label} title={label}>
        <span style={{ fontWeight: 700, fontSize: 14 }}>{code}</span>
      </ActionIcon>
    </Affix>
  )
}
