import { ActionIcon } from '@mantine/core'
import { useLanguageSwitch } from './language-switch'

/**
 * The floating EN/RW button of the public pages (not shown inside /admin or /vendor). Apart from the area's
 * header toggle: the public pages need neither its tooltip nor the positioning code that comes with it. Fixed
 * to the window by its own style, not Mantine's Affix: the portal Affix brings is code every first visit to
 * /login would download, for a button that sits last in the page anyway.
 */
export function FloatingLanguageToggle() {
  const { code, label, toggle } = useLanguageSwitch()
  return (
    <ActionIcon
      size={48}
      radius="xl"
      variant="filled"
      onClick={toggle}
      aria-label={label}
      title={label}
      pos="fixed"
      bottom={20}
      right={20}
      style={{ zIndex: 150 }}
    >
      <span style={{ fontWeight: 700, fontSize: 14 }}>{code}</span>
    </ActionIcon>
  )
}
