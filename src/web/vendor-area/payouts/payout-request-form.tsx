import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { IconCash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import { payoutRequestInput } from '../../../shared/schemas/payout'
import { ApiError } from '../../api/client'
import { useRequestPayout } from '../../api/payouts'
import { fieldError, serverFieldErrors } from '../../components/form-errors'
import { FlashAlert } from '../../components/flash-alert'
import { failureDetail, useFlashMessage } from '../../components/use-flash-message'

type RequestValues = { amount: number | '' }

/**
 * The inline payout request (spec §5 "Payout request"): a whole number of francs, at least 1 and at most the
 * available balance, else 'Invalid payout amount'. The button stays disabled while the amount is empty or over
 * the balance, and altogether when there is no balance. The server checks the balance again, in the same
 * transaction as the insert; its refusal reads the same.
 */
export function PayoutRequestForm({ balance }: { balance: number }) {
  const { t } = useTranslation()
  const request = useRequestPayout()
  const feedback = useFlashMessage()
  const form = useForm<RequestValues>({
    initialValues: { amount: '' },
    // The server's own rule: an empty or fractional amount is refused with the same message.
    validate: schemaResolver(payoutRequestInput, { sync: true }),
  })
  const amount = form.values.amount
  const hasBalance = balance > 0
  const isOverBalance = typeof amount === 'number' && amount > balance
  const isEmpty = amount === ''

  const submit = form.onSubmit((values) => {
    feedback.clear()
    if (typeof values.amount !== 'number') return
    request.mutate(values.amount, {
      onSuccess: () => {
        form.reset()
        feedback.success(t('vendor.payouts.requested'))
      },
      onError: (error) => {
        const fields = serverFieldErrors(error)
        if (error instanceof ApiError && (error.messageKey === 'payouts.invalidAmount' || fields.amount)) {
          form.setFieldError('amount', fields.amount ?? 'payouts.invalidAmount')
        } else {
          feedback.error(t('vendor.payouts.requestFailed'), failureDetail(t, error))
        }
      },
    })
  })

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="payout-request-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="payout-request-title">
            {t('vendor.payouts.request.title')}
          </Title>
          {!hasBalance && (
            <Text size="sm" c="dimmed" id="payout-no-balance">
              {t('vendor.payouts.request.noBalance')}
            </Text>
          )}
          <NumberInput
            label={t('vendor.payouts.request.amount')}
            description={
              hasBalance ? t('vendor.payouts.request.amountHint', { balance: formatRwf(balance) }) : undefined
            }
            required
            min={1}
            max={hasBalance ? balance : undefined}
            hideControls
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            clampBehavior="none"
            inputMode="numeric"
            disabled={!hasBalance}
            maw={360}
            {...form.getInputProps('amount')}
            // Over the balance the button is disabled; the message says why, as the reader types.
            error={isOverBalance ? t('payouts.invalidAmount') : fieldError(t, form.errors.amount)}
          />
          <Group>
            <Button
              type="submit"
              leftSection={<IconCash size={18} aria-hidden />}
              loading={request.isPending}
              disabled={!hasBalance || isEmpty || isOverBalance}
              aria-describedby={hasBalance ? undefined : 'payout-no-balance'}
            >
              {t('vendor.payouts.request.submit')}
            </Button>
          </Group>
          <FlashAlert flash={feedback.flash} />
        </Stack>
      </form>
    </Paper>
  )
}
