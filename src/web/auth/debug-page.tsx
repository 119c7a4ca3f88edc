import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { startGoogleSignIn, useDebugInfo, useMe } from '../api/account'
import { AuthCard } from '../components/auth-card'
import { errorMessage } from '../components/form-errors'
import { useFormatDateTime } from '../components/format-date-time'
import { paths } from '../paths'

/** Authentication debug panel: live connection test and configuration state, never a secret. */
export default function DebugPage() {
  const { t } = useTranslation()
  const formatDateTime = useFormatDateTime()
  const debug = useDebugInfo()
  const me = useMe()
  const info = debug.data

  const rows: [string, React.ReactNode][] = info
    ? [
        [t('debug.api'), <Badge color="green.9">{t('debug.connectionOk')}</Badge>],
        [
          t('debug.database'),
          info.database.reachable ? (
            <Text size="sm">
              {info.database.kind
                ? t('debug.reachable', { ms: info.database.latencyMs, kind: info.database.kind })
                : t('debug.reachableIn', { ms: info.database.latencyMs })}
            </Text>
          ) : (
            <Badge color="red.9">{t('debug.unreachable')}</Badge>
          ),
        ],
        [
          t('debug.session'),
          <Text size="sm">
            {me.data
              ? t('debug.signedInAs', { email: me.data.user.email, role: me.data.user.role })
              : t('debug.signedOut')}
          </Text>,
        ],
        [
          t('debug.googleState'),
          <Badge color={info.google.enabled ? 'green.9' : 'gray.7'}>
            {info.google.enabled ? t('debug.googleEnabled') : t('debug.googleDisabled')}
          </Badge>,
        ],
        // How the marketplace is set up: the server sends it to admins only.
        ...(info.publicUrl === undefined
          ? []
          : ([
              [t('debug.publicUrl'), <Text size="sm">{info.publicUrl}</Text>],
              [
                t('debug.mail'),
                <Text size="sm">{info.mail === 'smtp' ? t('debug.mailSmtp') : t('debug.mailOutbox')}</Text>,
              ],
              [t('debug.storage'), <Text size="sm">{info.storage}</Text>],
            ] as [string, React.ReactNode][])),
        // In the chosen language (Chromium has no Kinyarwanda dates of its own), on Kigali's clock.
        [t('debug.serverTime'), <Text size="sm">{formatDateTime(info.serverTime)}</Text>],
      ]
    : []

  return (
    <AuthCard title={t('debug.title')} subtitle={t('debug.intro')} width={640}>
      <Group>
        <Button onClick={() => debug.refetch()} loading={debug.isFetching}>
          {t('debug.testConnection')}
        </Button>
        <Button
          variant="default"
          disabled={!info?.google.enabled}
          onClick={() => void startGoogleSignIn().catch(() => undefined)}
        >
          {t('debug.testGoogle')}
        </Button>
        <Button component={Link} to={paths.setupGoogle} variant="subtle">
          {t('setupGoogle.title')}
        </Button>
      </Group>
      {debug.isError && (
        <Alert color="red" title={t('debug.connectionFailed')} role="alert">
          {errorMessage(t, debug.error)}
        </Alert>
      )}
      {info && (
        <Table variant="vertical" withTableBorder layout="fixed" aria-live="polite">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={150}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Stack gap={0}>
        {info && info.publicUrl === undefined && (
          <Text size="xs" c="dimmed">
            {t('debug.adminOnly')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {/* How to set it up is for the operators (an admin sees the server's settings here), not for vendors. */}
          {info?.google.enabled
            ? ''
            : t(
                info?.publicUrl === undefined
                  ? 'auth.google.notConfigured'
                  : 'auth.google.notConfiguredSetup',
              )}
        </Text>
      </Stack>
    </AuthCard>
  )
}
