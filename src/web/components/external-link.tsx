import type { ReactNode } from 'react'
import { Anchor, VisuallyHidden, type AnchorProps } from '@mantine/core'
import { IconExternalLink } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/**
 * A link that opens in a new tab (a document, a map), saying so to screen readers. The opened page gets no
 * handle on this one (noopener), and an outside site is not told where the reader came from (noreferrer).
 */
export function ExternalLink({
  href,
  children,
  ...props
}: { href: string; children: ReactNode } & AnchorProps) {
  const { t } = useTranslation()
  return (
    <Anchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      style={{ overflowWrap: 'anywhere' }}
      {...props}
    >
      {children}
      <IconExternalLink size={14} aria-hidden style={{ marginInlineStart: 4, verticalAlign: 'middle' }} />
      <VisuallyHidden> {t('common.opensInNewTab')}</VisuallyHidden>
    </Anchor>
  )
}
