import { useState, type ReactNode } from 'react'
import { Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core'
import { IconBrandGoogle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { startGoogleSignIn, useProviders } from '../api/account'
import { ApiError } from '../api/client'
import { messageText } from '../i18n/keys'
import { paths } from '../paths'

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

/** The line under each form that leads to the other one. */
const otherForm = {
  signIn: { prompt: 'auth.login.noAccount', link: 'auth.login.registerLink', to: paths.register },
  signUp: { prompt: 'auth.register.haveAccount', link: 'auth.register.loginLink', to: paths.login },
} as const

/**
 * Below the sign-in and sign-up forms: "or" Google, then the line that leads to the other form (and, on the
 * sign-in form, `aside` on the same line: the way home).
 */
export function OtherWaysIn({
  mode,
  onError,
  aside,
}: {
  mode: 'signIn' | 'signUp'
  onError: (message: string) => void
  aside?: ReactNode
}) {
  const { t } = useTranslation()
  const other = otherForm[mode]
  const line = (
    <Text size="sm">
      {t(other.prompt)}{' '}
      <Anchor component={Link} to={other.to}>
        {t(other.link)}
      </Anchor>
    </Text>
  )
  return (
    <>
      <Divider label={t('common.or')} labelPosition="center" />
      <GoogleButton mode={mode} onError={onError} />
      {aside ? (
        <Group justify="space-between" gap="xs">
          {line}
          {aside}
        </Group>
      ) : (
        line
      )}
    </>
  )
}
