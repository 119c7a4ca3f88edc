import type { Language } from '../../shared/constants'
import type { PaymentProviderName, ReconciliationKind } from '../../shared/payments'
import { reconciliationKinds } from '../../shared/payments'
import { paymentProviderNames } from '../../shared/schemas/reconciliation'
import { escapeHtml, type Mail } from '../mail/mail.service'
import { textIn } from '../lib/texts'

/**
 * The mail the daily check sends each admin when a provider and Isoko disagree (reconciliation.service.ts): what
 * was compared, how many differences of each kind, and where to see them. In the admin's language, in the words
 * of the screens (reconciliation.mail.* in the bundles).
 */
export function reconciliationMail(options: {
  to: string
  name: string
  language: Language | null
  provider: PaymentProviderName
  /** YYYY-MM-DD: the day compared. */
  day: string
  counts: Record<ReconciliationKind, number>
  /** The payouts screen's reconciliation tab. */
  link: string
}): Mail {
  const t = textIn(options.language ?? 'en')
  const provider = paymentProviderNames[options.provider]
  const total = reconciliationKinds.reduce((sum, kind) => sum + options.counts[kind], 0)
  const lines = reconciliationKinds
    .filter((kind) => options.counts[kind] > 0)
    .map((kind) => t(`reconciliation.mail.counts.${kind}`, { provider, count: options.counts[kind] }))
  const before = [
    t('reconciliation.mail.hello', { name: options.name }),
    t('reconciliation.mail.intro', { provider, day: options.day, count: total }),
  ]
  const after = [t('reconciliation.mail.explain')]
  const action = t('reconciliation.mail.action')
  const signature = t('reconciliation.mail.signature')
  const text = [...before, lines.join('\n'), ...after, `${action}: ${options.link}`, signature].join('\n\n')
  const paragraphs = (texts: string[]) => texts.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')
  const html =
    paragraphs(before) +
    `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` +
    paragraphs(after) +
    `<p><a href="${escapeHtml(options.link)}">${escapeHtml(action)}</a></p>` +
    paragraphs([signature])
  return {
    to: options.to,
    subject: t('reconciliation.mail.subject', { provider, day: options.day }),
    text,
    html,
    link: options.link,
  }
}
