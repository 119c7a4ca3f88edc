import { Center, Loader, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** Shown while the session or a screen's code loads. Works before any bundle is ready ('Loading...'). */
export function LoadingScreen() {
  const { t, ready } = useTranslation(undefined, { useSuspense: false })
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text>{ready ? t('common.loading') : 'Loading...'}</Text>
      </Stack>
    </Center>
  )
}
