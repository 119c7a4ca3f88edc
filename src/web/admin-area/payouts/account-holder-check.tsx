import { Paper, Skeleton, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { usePayoutAccountHolder } from '../../api/admin-payments'
import { ApiError } from '../../api/client'
import { FieldList } from '../../components/field-list'
import { errorMessage } from '../../components/form-errors'
import { LoadingStatus } from '../../components/loading-status'
import { NoneText } from '../../components/none-text'
import { Notice } from '../../components/notice'
import { paymentFailureDetail, providerName } from '../../components/transfer-status'

/**
 * Before a mobile-money payout is approved for its provider: the name the provider has registered for the number
 * beside the shop owner's (pawaPay gives none), and a warning when the number cannot receive, so the admin sees a
 * mismatch before any money leaves. Where no provider reaches the number, it says the payout is paid by hand.
 */
export function AccountHolderCheck({ payoutId }: { payoutId: string }) {
  const { t } = useTranslation()
  const holder = usePayoutAccountHolder(payoutId)
  const titleId = `holder-${payoutId}`
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Text size="sm" fw={600} id={titleId}>
          {t('mobileMoney.holder.title')}
        </Text>
        {holder.isPending ? (
          <>
            <LoadingStatus />
            <Skeleton h={44} aria-hidden />
          </>
        ) : holder.data ? (
          <>
            <FieldList
              labelWidth={150}
              gap={4}
              fields={[
                {
                  label: t('mobileMoney.holder.registered', {
                    provider: providerName(t, holder.data.provider),
                  }),
                  value: holder.data.registeredName ?? (
                    <NoneText inline>{t('mobileMoney.holder.notGiven')}</NoneText>
                  ),
                },
                { label: t('mobileMoney.holder.owner'), value: holder.data.ownerName },
                {
                  label: t('mobileMoney.unknown.number'),
                  value: t('mobileMoney.unknown.numberValue', { tail: holder.data.msisdnTail }),
                },
              ]}
            />
            {!holder.data.active && <Notice color="red">{t('mobileMoney.holder.inactive')}</Notice>}
          </>
        ) : holder.error instanceof ApiError &&
          holder.error.messageKey === 'payments.errors.noProviderForNumber' ? (
          <Text size="sm">{t('mobileMoney.holder.noProvider')}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('mobileMoney.holder.failed', {
              detail: paymentFailureDetail(t, holder.error) ?? errorMessage(t, holder.error),
            })}
          </Text>
        )}
      </Stack>
    </Paper>
  )
}
