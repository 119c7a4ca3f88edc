import { Badge, Stack, Text, type BadgeProps } from '@mantine/core'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { paymentProviders, type PaymentProviderName, type TransferStatus } from '../../shared/payments'
import { ApiError } from '../api/client'
import { failureDetail } from './use-flash-message'

/** A mobile-money provider's name as the screens give it ("MTN Mobile Money"); null: paid by hand. */
export const providerName = (t: TFunction, provider: PaymentProviderName) =>
  t(`mobileMoney.providers.${provider}`)

/** The dot's colour: amber while it waits, blue while it moves, green once paid, red failed, orange for a person. */
const transferColors: Record<TransferStatus, string> = {
  queued: 'yellow',
  sending: 'blue',
  paid: 'green',
  failed: 'red',
  unknown: 'orange',
}

/**
 * Where a payout's mobile-money transfer stands: "Waiting to be sent", "Sending…", "Paid by MTN Mobile Money", "Failed"
 * (with `reason`, the failure's words under it, where the screen shows them nowhere else) or "Being checked".
 * Nothing for a payout paid by hand. A dot badge like the statuses: the words carry it, the colour repeats them.
 */
export function TransferBadge({
  status,
  provider,
  reason,
  ...props
}: {
  status: TransferStatus | null
  provider: PaymentProviderName | null
  reason?: string | null
} & Omit<BadgeProps, 'color' | 'children' | 'variant'>) {
  const { t } = useTranslation()
  if (status === null) return null
  const label =
    status === 'paid'
      ? t('mobileMoney.transfer.paid', { provider: provider ? providerName(t, provider) : '' })
      : t(`mobileMoney.transfer.${status}`)
  const badge = (
    <Badge variant="dot" color={transferColors[status]} {...props}>
      {label}
    </Badge>
  )
  if (status !== 'failed' || !reason) return badge
  return (
    <Stack gap={2} align="flex-start">
      {badge}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {reason}
      </Text>
    </Stack>
  )
}

const isProviderName = (value: unknown): value is PaymentProviderName =>
  paymentProviders.includes(value as PaymentProviderName)

/**
 * What the server said of a refused payment (failureDetail), with the provider named as the screens name it: the
 * server's params carry its code ("The mtn float…" would read "The MTN Mobile Money float…").
 */
export function paymentFailureDetail(t: TFunction, error: unknown): string | undefined {
  if (error instanceof ApiError && error.code !== 'NETWORK' && isProviderName(error.params?.provider)) {
    const named = new ApiError(error.status, {
      code: error.code,
      messageKey: error.messageKey,
      params: { ...error.params, provider: providerName(t, error.params.provider) },
      ...(error.fields ? { fields: error.fields } : {}),
    })
    return failureDetail(t, named)
  }
  return failureDetail(t, error)
}
