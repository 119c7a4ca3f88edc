import { Button, SimpleGrid, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatRwf } from '../../../shared/money'
import type { PaymentsOverview } from '../../../shared/schemas/payments'
import { usePaymentsOverview } from '../../api/admin-payments'
import { QueryContent } from '../../components/query-content'
import { SectionCard } from '../../components/section-card'
import { formatCount } from '../../components/stat-card'
import { paths } from '../../paths'
import { ProviderFloats } from '../payouts/provider-floats'

/**
 * Mobile money at a glance, where a provider is configured: each provider's float (with its low-float warning),
 * and how many payouts wait to be sent, are being sent and need checking, with the way to the payouts screen
 * where each is acted on.
 */
export function MobileMoneyCard() {
  const { t } = useTranslation()
  const overview = usePaymentsOverview()
  return (
    <QueryContent query={overview} loadFailed={t('mobileMoney.dashboard.loadFailed')}>
      {(data) => data.providers.length > 0 && <MobileMoneyGlance data={data} />}
    </QueryContent>
  )
}

function MobileMoneyGlance({ data }: { data: PaymentsOverview }) {
  const { t } = useTranslation()
  const counts = [
    {
      key: 'waiting',
      label: t('mobileMoney.dashboard.waiting'),
      value: formatCount(data.waiting.count),
      hint: data.waiting.count > 0 ? formatRwf(data.waiting.total) : null,
    },
    {
      key: 'sending',
      label: t('mobileMoney.dashboard.sending'),
      value: formatCount(data.sending),
      hint: null,
    },
    {
      key: 'unknown',
      label: t('mobileMoney.dashboard.unknown'),
      value: formatCount(data.unknown),
      hint: null,
    },
  ]
  return (
    <SectionCard
      id="dashboard-mobile-money"
      title={t('mobileMoney.dashboard.title')}
      aside={
        <Button component={Link} to={paths.admin.payouts} size="xs" variant="light" style={{ flexShrink: 0 }}>
          {t('mobileMoney.dashboard.open')}
        </Button>
      }
    >
      <ProviderFloats overview={data} titleId="dashboard-mobile-money-floats" />
      <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="sm" m={0}>
        {counts.map(({ key, label, value, hint }) => (
          <div key={key}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text
              component="dd"
              m={0}
              fw={700}
              fz="lg"
              c={key === 'unknown' && data.unknown > 0 ? 'orange.9' : undefined}
            >
              {value}
            </Text>
            {hint && (
              <Text component="dd" m={0} size="xs" c="dimmed">
                {hint}
              </Text>
            )}
          </div>
        ))}
      </SimpleGrid>
    </SectionCard>
  )
}
