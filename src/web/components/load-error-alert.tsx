import type { ReactNode } from 'react'
import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** What a screen needs of a failed query to offer a retry (a TanStack Query result fits). */
type Retryable = { refetch: () => unknown; isRefetching: boolean }

/**
 * "This could not be loaded" (by default: check the connection) with a Retry button, for a screen or section whose data failed to load. It is an
 * alert (announced at once), and Retry shows its own progress so a second tap on a slow network does nothing.
 */
export function LoadErrorAlert({
  title,
  body,
  query,
}: {
  title: string
  body?: ReactNode
  query: Retryable
}) {
  const { t } = useTranslation()
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{body ?? t('errors.checkConnection')}</Text>
        <Button
          size="xs"
          variant="white"
          color="red"
          onClick={() => void query.refetch()}
          loading={query.isRefetching}
        >
          {t('actions.retry')}
        </Button>
      </Stack>
    </Alert>
  )
}
