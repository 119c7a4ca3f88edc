import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { PaymentsOverview } from '../../../shared/schemas/payments'
import { useFormatDateTime } from '../../components/format-date-time'
import { Money } from '../../components/money'
import { Notice } from '../../components/notice'
import { providerName } from '../../components/transfer-status'

type Floats = Pick<PaymentsOverview, 'providers' | 'lowFloatBelow'>

/**
 * Each provider's float as last read (what the marketplace can still pay out through it) and when it was read;
 * below the operator's warning level, a note says so under the figures. The payouts screen and the dashboard
 * show the same.
 */
export function ProviderFloats({ overview, titleId }: { overview: Floats; titleId: string }) {
  const { t } = useTranslation()
  const formatDateTime = useFormatDateTime()
  const low = overview.providers.filter((provider) => provider.isLow)
  return (
    <Stack gap="sm">
      <Text id={titleId} size="sm" fw={600}>
        {t('mobileMoney.floats.title')}
      </Text>
      <SimpleGrid
        component="ul"
        aria-labelledby={titleId}
        cols={{ base: 1, xs: Math.min(overview.providers.length, 3) }}
        spacing="sm"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {overview.providers.map((provider) => (
          <Paper key={provider.provider} component="li" withBorder radius="md" p="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed" fw={500}>
                {providerName(t, provider.provider)}
              </Text>
              {provider.isLow && (
                <Badge variant="dot" color="orange" style={{ flexShrink: 0 }}>
                  {t('mobileMoney.floats.low')}
                </Badge>
              )}
            </Group>
            {provider.float === null ? (
              <Text size="sm">{t('mobileMoney.floats.notRead')}</Text>
            ) : (
              <Money amount={provider.float} fw={700} fz="lg" display="block" />
            )}
            {provider.checkedAt && (
              <Text size="xs" c="dimmed">
                {t('mobileMoney.floats.readAt', { date: formatDateTime(provider.checkedAt) })}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
      {low.map((provider) => (
        <Notice
          key={provider.provider}
          color="orange"
          title={t('mobileMoney.floats.lowTitle', { provider: providerName(t, provider.provider) })}
        >
          {t('mobileMoney.floats.lowBody', {
            float: formatRwf(provider.float ?? 0),
            limit: formatRwf(overview.lowFloatBelow),
          })}
        </Notice>
      ))}
    </Stack>
  )
}
