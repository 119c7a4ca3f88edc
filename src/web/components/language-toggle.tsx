import { ActionIcon, Affix, Button, Tooltip } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../shared/constants'
import { rememberLanguage } from '../i18n'

function useLanguageSwitch() {
  const { t, i18n } = useTranslation()
  const current: Language = i18n.resolvedLanguage === 'rw' ? 'rw' : 'en'
  const next: Language = current === 'en' ? 'rw' : 'en'
  const code = current.toUpperCase()
  return {
    code,
    // The visible code comes first in the accessible name (WCAG 2.5.3 Label in Name): "click EN" works.
    label: t('language.toggleLabel', { code, current: t(`language.${current}`) }),
    toggle: () => void rememberLanguage(next),
  }
}

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

/** The floating EN/RW button of the public pages (not shown inside /admin or /vendor). */
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
