import { Badge, Text, VisuallyHidden, type BadgeProps } from '@mantine/core'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { PayoutMethod } from '../../../shared/constants'
import type { AdminPayoutDto, ReceiptStatus } from '../../../shared/schemas/payout'
import { describePayoutDetails as describeDetails } from '../../components/payout-details'

/** Ids are shown by their first 8 characters (spec §9). */
export const shortId = (id: string) => id.slice(0, 8)

export function methodLabel(t: TFunction, method: PayoutMethod | null) {
  return method ? t(`admin.payouts.methods.${method}`) : t('admin.payouts.noMethod')
}

/** Where the money goes, as masked by the server, with the provider's name as the admin area gives it. */
export const describePayoutDetails = (t: TFunction, payout: AdminPayoutDto): string =>
  describeDetails(payout.payoutMethod, payout.payoutDetails, (provider) =>
    t(`admin.payouts.providers.${provider}`),
  )

/**
 * A badge whose words wrap inside the cell or card that holds it instead of widening it: "Ategereje kwemezwa ko
 * yakiriwe" is a line and a half at the width a table column or a phone's card gives it (a badge's own style
 * keeps one line and cuts it, or with a minimum width of its text, pushes the table past the window).
 */
export const wrappingBadge: BadgeProps['styles'] = {
  root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.35 },
}

/**
 * The receipt column (spec §4): 'Received', 'Pending Receipt', or a dash, which a screen reader hears as
 * words rather than "dash".
 */
export function ReceiptStatusLabel({ status }: { status: ReceiptStatus | null }) {
  const { t } = useTranslation()
  if (status === null) {
    return (
      <Text span size="sm" c="dimmed">
        <span aria-hidden>—</span>
        <VisuallyHidden>{t('admin.payouts.receipt.none')}</VisuallyHidden>
      </Text>
    )
  }
  return (
    <Badge variant="dot" color={status === 'received' ? 'green' : 'yellow'} styles={wrappingBadge}>
      {t(`admin.payouts.receipt.${status}`)}
    </Badge>
  )
}
