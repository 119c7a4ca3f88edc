import { Text, VisuallyHidden } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/**
 * Says "Loading…" to a screen reader while skeletons (hidden from it) stand in for the content: the
 * skeletons show sighted readers the shape to come, this tells everyone else that something is coming.
 */
export function LoadingStatus() {
  const { t } = useTranslation()
  return (
    <Text role="status">
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </Text>
  )
}
