import { Alert, Stack, Title } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { findNavItem } from '../layouts/nav-items'

/** Says plainly that a screen is not built yet, so no one mistakes an empty page for missing data. */
export function NotBuiltNotice() {
  const { t } = useTranslation()
  return (
    // A standing notice, not an event: role="note" rather than Mantine's default role="alert",
    // which screen readers would interrupt with on every visit.
    <Alert role="note" variant="light" icon={<IconInfoCircle aria-hidden />} title={t('notBuilt.title')}>
      {t('notBuilt.body')}
    </Alert>
  )
}

/** Stands in for a screen of the vendor or admin menu; the heading is that screen's menu label. */
export default function NotBuiltPage() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const item = findNavItem(pathname)
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{item ? t(item.labelKey) : t('notBuilt.title')}</Title>
      <NotBuiltNotice />
    </Stack>
  )
}
