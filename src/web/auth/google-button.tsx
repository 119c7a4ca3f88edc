import { useState } from 'react'
import { Button, Stack, Text } from '@mantine/core'
import { IconBrandGoogle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { startGoogleSignIn, useProviders } from '../api/account'
import { ApiError } from '../api/client'
import { messageText } from '../i18n/keys'

/**
 * Google sign-in when the server has it configured; otherwise a disabled button with the reason,
 * never a button that fails.
 */
export function GoogleButton({
  mode,
  onError,
}: {
  mode: 'signIn' | 'signUp'
  onError: (message: string) => void
}) {
  const { t } = useTranslation()
  const providers = useProviders()
  const [isStarting, setIsStarting] = useState(false)
  const google = providers.data?.google
  const label = t(mode === 'signIn' ? 'auth.google.signIn' : 'auth.google.signUp')

  const start = async () => {
    setIsStarting(true)
    try {
      await startGoogleSignIn()
    } catch (error) {
      setIsStarting(false)
      if (mode === 'signUp') onError(t('auth.google.signUpFailed'))
      else onError(t(error instanceof ApiError ? 'auth.google.signInFailed' : 'auth.google.signInUnexpected'))
    }
  }

  return (
    <Stack gap={4}>
      <Button
        variant="default"
        leftSection={<IconBrandGoogle size={18} aria-hidden />}
        onClick={start}
        loading={isStarting}
        disabled={!google?.enabled}
        aria-describedby={google && !google.enabled ? 'google-unavailable' : undefined}
        fullWidth
      >
        {label}
      </Button>
      {google && !google.enabled && (
        <Text id="google-unavailable" size="xs" c="dimmed">
          {google.reasonKey ? messageText(t, google.reasonKey) : t('auth.google.notConfigured')}
        </Text>
      )}
    </Stack>
  )
}
