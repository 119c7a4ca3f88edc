import { Alert, Button, CopyButton, Group, Paper, Stack, Text } from '@mantine/core'
import { IconCheck, IconCopy, IconEye } from '@tabler/icons-react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { mobileMoneyProviders } from '../../../shared/constants'
import type { PayoutDestination } from '../../../shared/schemas/payout'
import { errorMessage } from '../../components/form-errors'
import { FieldList } from '../../components/field-list'

/** The stored fields of each method, in the order an admin types them into a bank or mobile-money app. */
const fieldsOf = {
  bank: ['bankName', 'accountNumber', 'routingNumber'],
  mobile_money: ['provider', 'mobileNumber'],
  paypal: ['paypalEmail'],
} as const
type DetailKey = (typeof fieldsOf)[keyof typeof fieldsOf][number]

const isProvider = (value: string): value is (typeof mobileMoneyProviders)[number] =>
  (mobileMoneyProviders as readonly string[]).includes(value)

/** Label and value of each detail the shop has, in words ("MTN Mobile Money", not "mtn"). */
export function destinationLines(t: TFunction, destination: PayoutDestination) {
  const details = destination.payoutDetails ?? {}
  const keys: readonly DetailKey[] = destination.payoutMethod ? fieldsOf[destination.payoutMethod] : []
  const value = (key: DetailKey, stored: string) =>
    key === 'provider' && isProvider(stored) ? t(`admin.payouts.providers.${stored}`) : stored
  return [
    ...(destination.payoutMethod
      ? [{ label: t('fields.payoutMethod'), value: t(`admin.payouts.methods.${destination.payoutMethod}`) }]
      : []),
    ...keys
      .filter((key) => details[key]?.trim())
      .map((key) => ({ label: t(`fields.${key}`), value: value(key, details[key]!) })),
    { label: t('admin.payouts.reveal.owner'), value: destination.ownerName },
  ]
}

/** What a reveal needs from its mutation (the payout's or the application's: same answer). */
type Reveal = {
  mutate: (id: string) => void
  data: PayoutDestination | undefined
  error: unknown
  isPending: boolean
}

/**
 * A deliberate reveal of where the money goes, in full (A.1): everywhere else account and mobile numbers are
 * masked. "Show full details" asks the server, which records the reveal in the audit log (the hint says so)
 * before it answers; the details then show with a button that copies them, to paste into the bank's or the
 * mobile-money app. Nothing is kept once the dialog closes (the parent keys this by the payout or shop).
 */
export function RevealPayoutDetails({
  id,
  shopName,
  reveal,
}: {
  id: string
  shopName: string
  reveal: Reveal
}) {
  const { t } = useTranslation()
  const destination = reveal.data
  if (!destination) {
    return (
      <Stack gap={4} align="flex-start">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconEye size={16} aria-hidden />}
          loading={reveal.isPending}
          onClick={() => reveal.mutate(id)}
        >
          {t('admin.payouts.reveal.show')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('admin.payouts.reveal.audited')}
        </Text>
        {reveal.error != null && (
          <Alert color="red" variant="light" role="alert" title={t('admin.payouts.reveal.failed')} w="100%">
            {errorMessage(t, reveal.error)}
          </Alert>
        )}
      </Stack>
    )
  }
  const lines = destinationLines(t, destination)
  const hasDetails = Object.values(destination.payoutDetails ?? {}).some((value) => value.trim())
  const copied = lines.map((line) => `${line.label}: ${line.value}`).join('\n')
  return (
    <Paper withBorder p="sm" radius="sm" aria-labelledby={`reveal-${id}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm" id={`reveal-${id}`}>
            {t('admin.payouts.reveal.title')}
          </Text>
          <CopyButton value={copied}>
            {({ copied: isCopied, copy }) => (
              <Button
                size="xs"
                variant="default"
                onClick={copy}
                aria-label={t('admin.payouts.reveal.copyLabel', { shop: shopName })}
                leftSection={
                  isCopied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                }
              >
                {isCopied ? t('admin.payouts.reveal.copied') : t('admin.payouts.reveal.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        {hasDetails ? (
          <FieldList labelWidth={150} fields={lines} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('admin.payouts.reveal.none')}
          </Text>
        )}
      </Stack>
    </Paper>
  )
}
