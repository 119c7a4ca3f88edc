import { Alert, Button, Code, CopyButton, Group, List, Stack, Text } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useProviders } from '../api/account'
import { AuthCard } from '../components/auth-card'
import { LoadingScreen } from '../components/loading-screen'

function CopyLine({ value }: { value: string }) {
  const { t } = useTranslation()
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Code block style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant="default"
            onClick={copy}
            leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          >
            {copied ? t('setupGoogle.copied') : t('setupGoogle.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  )
}

/** Checks the Google sign-in configuration and shows the exact redirect URI to register with Google. */
export default function SetupGooglePage() {
  const { t } = useTranslation()
  const providers = useProviders()
  if (providers.isPending) return <LoadingScreen />
  const google = providers.data?.google
  const redirectUri = google?.redirectUri ?? `${window.location.origin}/api/auth/callback/google`
  const origin = new URL(redirectUri).origin

  return (
    <AuthCard title={t('setupGoogle.title')} subtitle={t('setupGoogle.intro')} width={640}>
      <Alert color={google?.enabled ? 'green' : 'yellow'} role="status">
        {google?.enabled ? t('setupGoogle.statusOk') : t('setupGoogle.statusMissing')}
      </Alert>
      <List type="ordered" spacing="sm">
        <List.Item>{t('setupGoogle.step1')}</List.Item>
        <List.Item>
          <Stack gap={4}>
            <Text size="sm">{t('setupGoogle.step2')}</Text>
            <CopyLine value={redirectUri} />
            <Text size="sm">{t('setupGoogle.origin')}</Text>
            <CopyLine value={origin} />
          </Stack>
        </List.Item>
        <List.Item>{t('setupGoogle.step3')}</List.Item>
      </List>
    </AuthCard>
  )
}
