import { Badge, Button, Group, Text } from '@mantine/core'
import { IconArrowUpRight } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { planDetails } from '../../../shared/constants'
import type { VendorProfile } from '../../../shared/schemas/vendor'
import { describeSubscription } from '../../../shared/subscription'
import { Money } from '../../components/money'
import { StatusBadge } from '../../components/status-badge'
import { useFormatDate } from '../../components/format-date'
import { paths } from '../../paths'
import { FieldList } from '../../components/field-list'
import { Notice } from '../../components/notice'
import { SectionCard } from '../../components/section-card'

/**
 * The dashboard's subscription card, following the display rules of spec §4 (describeSubscription): Active,
 * Expired or Cancelled; FREE during the starter's 90-day trial; a warning within 7 days of expiry; the days
 * remaining, 'Expires today' at 0; and the Upgrade link to /vendor/subscription.
 */
export function SubscriptionCard({
  subscription,
  requestedPlan,
}: {
  subscription: VendorProfile['subscription']
  /** A paid plan awaiting the team's confirmation of its payment. */
  requestedPlan: VendorProfile['requestedPlan']
}) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  const view = describeSubscription(subscription)
  const plan = planDetails[subscription.plan]
  const planName = t(`vendor.subscription.plans.${subscription.plan}.name`)

  return (
    <SectionCard
      id="subscription-card-title"
      title={t('vendor.subscription.card.title')}
      aside={<StatusBadge status={view.display} />}
    >
      <FieldList
        labelWidth={110}
        fields={[
          {
            label: t('vendor.subscription.card.plan'),
            value: (
              <>
                <Group gap="xs" component="span">
                  <Text span fw={600} inherit>
                    {planName}
                  </Text>
                  {view.isFreeTrial && (
                    <Badge color="teal.9" variant="filled" size="sm">
                      {t('vendor.subscription.card.free')}
                    </Badge>
                  )}
                </Group>
              </>
            ),
          },
          {
            label: t('vendor.subscription.card.price'),
            value: view.isFreeTrial ? (
              t('vendor.subscription.card.freeTrial')
            ) : (
              <>
                <Money amount={plan.priceRwf} /> {t('vendor.subscription.perMonth')}
              </>
            ),
          },
          {
            label: t('vendor.subscription.card.products'),
            value:
              plan.productLimit === null
                ? t('vendor.subscription.unlimitedProducts')
                : t('vendor.subscription.productLimit', { count: plan.productLimit }),
          },
        ]}
      />

      <ExpiryLine subscription={subscription} formatDate={formatDate} />

      {requestedPlan && (
        <Text size="sm" fw={500}>
          {t('vendor.subscription.card.requested', {
            plan: t(`vendor.subscription.plans.${requestedPlan}.name`),
          })}
        </Text>
      )}

      {view.isExpiringSoon && (
        <Notice title={t('vendor.subscription.card.expiringSoonTitle')}>
          {t('vendor.subscription.card.expiringSoonBody')}
        </Notice>
      )}
      {view.display !== 'active' && (
        <Notice color="red">
          {view.display === 'expired'
            ? t('vendor.subscription.card.expiredBody')
            : t('vendor.subscription.card.cancelledBody')}
        </Notice>
      )}

      <Button
        component={Link}
        to={paths.vendor.subscription}
        variant="light"
        rightSection={<IconArrowUpRight size={18} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('vendor.subscription.card.upgrade')}
      </Button>
    </SectionCard>
  )
}

function ExpiryLine({
  subscription,
  formatDate,
}: {
  subscription: VendorProfile['subscription']
  formatDate: (value: string) => string
}) {
  const { t } = useTranslation()
  const view = describeSubscription(subscription)
  if (!subscription.expiresAt || view.display === 'cancelled') return null
  if (view.display === 'expired') {
    return (
      <Text size="sm" c="red.9" fw={500}>
        {t('vendor.subscription.card.expiredOn', { date: formatDate(subscription.expiresAt) })}
      </Text>
    )
  }
  return (
    <div>
      <Text size="sm" fw={600}>
        {view.daysRemaining === 0
          ? t('vendor.subscription.card.expiresToday')
          : t('vendor.subscription.card.daysRemaining', { count: view.daysRemaining ?? 0 })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('vendor.subscription.card.expiresOn', { date: formatDate(subscription.expiresAt) })}
      </Text>
    </div>
  )
}
