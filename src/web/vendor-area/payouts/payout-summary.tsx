import { formatRwf } from '../../../shared/money'
import { Alert, Anchor, Group, SimpleGrid, VisuallyHidden } from '@mantine/core'
import { IconAlertTriangle, IconBuildingBank, IconClockDollar, IconWallet } from '@tabler/icons-react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { mobileMoneyProviders } from '../../../shared/constants'
import type { PayoutOverview } from '../../../shared/schemas/payout'
import { Money } from '../../components/money'
import { readableAlertStyles } from '../components/readable-alert'
import { StatCard } from '../components/stat-card'

/** The details that identify where the money goes, already masked by the server ("Bank of Kigali · ****4821"). */
function describeDetails(t: TFunction, overview: PayoutOverview): string {
  const details = overview.payoutDetails ?? {}
  const provider = details.provider
  const providerName =
    provider && (mobileMoneyProviders as readonly string[]).includes(provider)
      ? t(`vendor.profile.payout.providers.${provider as (typeof mobileMoneyProviders)[number]}`)
      : provider
  const parts =
    overview.payoutMethod === 'bank'
      ? [details.bankName, details.accountNumber]
      : overview.payoutMethod === 'paypal'
        ? [details.paypalEmail]
        : [providerName, details.mobileNumber]
  return parts.filter(Boolean).join(' · ')
}

/** Three cards: available balance, pending payouts total, payout method (spec §2 "/vendor/payouts"). */
export function PayoutSummary({ overview }: { overview: PayoutOverview }) {
  const { t } = useTranslation()
  const method = overview.payoutMethod
  return (
    <section aria-labelledby="payouts-summary">
      <VisuallyHidden>
        <h2 id="payouts-summary">{t('payouts.summary.label')}</h2>
      </VisuallyHidden>
      {/* The balance is the server's: completed orders minus non-rejected payouts, negative when refunds of
          paid-out orders leave money owed (docs/decisions/006). */}
      <SimpleGrid component="dl" cols={{ base: 1, md: 3 }} spacing="md" m={0}>
        <StatCard
          label={t('payouts.summary.available')}
          value={<Money amount={overview.availableBalance} />}
          hint={t('payouts.summary.availableHint')}
          icon={IconWallet}
          color="green"
        />
        <StatCard
          label={t('payouts.summary.pending')}
          value={<Money amount={overview.pendingTotal} />}
          hint={t('payouts.summary.pendingHint')}
          icon={IconClockDollar}
          color="orange"
        />
        <StatCard
          label={t('payouts.summary.method')}
          value={method ? t(`vendor.profile.payout.methods.${method}`) : t('payouts.summary.methodNone')}
          hint={method ? describeDetails(t, overview) : t('payouts.summary.methodNoneHint')}
          icon={IconBuildingBank}
          color="cyan"
        />
      </SimpleGrid>
    </section>
  )
}

/**
 * A refund of an order already paid out leaves the shop owing that money: said plainly, with the amount,
 * instead of a silent 0 (docs/decisions/006). New completed sales settle it before any payout.
 */
export function BalanceOwedNotice({ balance }: { balance: number }) {
  const { t } = useTranslation()
  if (balance >= 0) return null
  return (
    <Alert
      role="note"
      color="orange"
      variant="light"
      styles={readableAlertStyles}
      icon={<IconAlertTriangle aria-hidden />}
      title={t('payouts.owedTitle')}
    >
      {t('payouts.owedBody', { amount: formatRwf(-balance) })}
    </Alert>
  )
}

/** Without a payout method the team cannot send the money: say so, and where to go about it. */
export function NoPayoutMethodWarning() {
  const { t } = useTranslation()
  return (
    <Alert
      role="note"
      color="yellow"
      variant="light"
      styles={readableAlertStyles}
      icon={<IconAlertTriangle aria-hidden />}
      title={t('payouts.noMethod.title')}
    >
      {t('payouts.noMethod.body')}
      <Group gap="md" mt="xs">
        <Anchor component={Link} to="/vendor/profile" inherit c="inherit" underline="always" fw={600}>
          {t('payouts.noMethod.profileLink')}
        </Anchor>
        <Anchor component={Link} to="/vendor/messages" inherit c="inherit" underline="always" fw={600}>
          {t('payouts.noMethod.messageLink')}
        </Anchor>
      </Group>
    </Alert>
  )
}
