import { formatRwf } from '../../../shared/money'
import { Anchor, Group } from '@mantine/core'
import { IconBuildingBank, IconClockDollar, IconWallet } from '@tabler/icons-react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { PayoutOverview } from '../../../shared/schemas/payout'
import { Money } from '../../components/money'
import { describePayoutDetails } from '../../components/payout-details'
import { StatGrid } from '../../components/stat-card'
import { paths } from '../../paths'
import { Notice } from '../../components/notice'
import { useFormatDate } from '../../components/format-date'

/** The details that identify where the money goes, with the provider's name as the vendor's profile gives it. */
const describeDetails = (t: TFunction, overview: PayoutOverview): string =>
  describePayoutDetails(overview.payoutMethod, overview.payoutDetails, (provider) =>
    t(`vendor.profile.payout.providers.${provider}`),
  )

/**
 * Under the available balance: sales still held and the day they become available, and what the shop owes when its
 * balance in the ledger is below 0 (taken from its next sales).
 */
function useAvailableHint(overview: PayoutOverview) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  return [
    t('vendor.payouts.summary.availableHint'),
    overview.held > 0 && overview.nextAvailableAt
      ? t('statement.balance.held', {
          amount: formatRwf(overview.held),
          date: formatDate(overview.nextAvailableAt),
        })
      : null,
    overview.owed > 0 ? t('statement.balance.owed', { amount: formatRwf(overview.owed) }) : null,
  ]
    .filter(Boolean)
    .join(' ')
}

/** Three cards: available balance, pending payouts total, payout method (spec §2 "/vendor/payouts"). */
export function PayoutSummary({ overview }: { overview: PayoutOverview }) {
  const { t } = useTranslation()
  const availableHint = useAvailableHint(overview)
  const method = overview.payoutMethod
  const stats = [
    // The balance is the server's: completed orders minus non-rejected payouts, negative when refunds of
    // paid-out orders leave money owed (docs/decisions/006).
    {
      key: 'available',
      label: t('vendor.payouts.summary.available'),
      value: <Money amount={overview.availableBalance} />,
      hint: availableHint,
      icon: IconWallet,
      color: 'green',
    },
    {
      key: 'pending',
      label: t('vendor.payouts.summary.pending'),
      value: <Money amount={overview.pendingTotal} />,
      hint: t('vendor.payouts.summary.pendingHint'),
      icon: IconClockDollar,
      color: 'orange',
    },
    {
      key: 'method',
      label: t('fields.payoutMethod'),
      value: method ? t(`vendor.profile.payout.methods.${method}`) : t('vendor.payouts.summary.methodNone'),
      hint: method ? describeDetails(t, overview) : t('vendor.payouts.summary.methodNoneHint'),
      icon: IconBuildingBank,
      color: 'cyan',
    },
  ]
  return (
    <StatGrid
      id="payouts-summary"
      title={t('vendor.payouts.summary.label')}
      cols={{ base: 1, md: 3 }}
      stats={stats}
    />
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
    <Notice color="orange" title={t('vendor.payouts.owedTitle')}>
      {t('vendor.payouts.owedBody', { amount: formatRwf(-balance) })}
    </Notice>
  )
}

/** Without a payout method the team cannot send the money: say so, and where to go about it. */
export function NoPayoutMethodWarning() {
  const { t } = useTranslation()
  return (
    <Notice title={t('vendor.payouts.noMethod.title')}>
      {t('vendor.payouts.noMethod.body')}
      <Group gap="md" mt="xs">
        <Anchor component={Link} to={paths.vendor.profile} inherit c="inherit" underline="always" fw={600}>
          {t('vendor.payouts.noMethod.profileLink')}
        </Anchor>
        <Anchor component={Link} to={paths.vendor.messages} inherit c="inherit" underline="always" fw={600}>
          {t('vendor.messageSupport')}
        </Anchor>
      </Group>
    </Notice>
  )
}
