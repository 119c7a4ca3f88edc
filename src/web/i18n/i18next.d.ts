import 'i18next'
import type en from './en.json'

/**
 * Typed keys: t('wrong.key') fails `npm run typecheck`. The English bundle is the reference (rw.json has the same
 * keys, tests/unit/i18n-bundles.test.ts); `typeof en` gives every text the type string, so the compiler checks
 * keys only, not {{placeholders}}, which keeps the type check fast. A key built at run time must be typed too:
 * t(`status.${status}`) with a union `status`; a message key from the server goes through messageText().
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof en }
    returnNull: false
    // A defaultValue does not excuse a wrong key.
    strictKeyChecks: true
  }
}
