import { useTranslation } from 'react-i18next'
import type { Language } from '../../shared/constants'
import { rememberLanguage } from '../i18n'

/** The EN/RW switch both toggles share: the code shown, its accessible name, and the switch itself. */
export function useLanguageSwitch() {
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
