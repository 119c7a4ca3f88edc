import { useState, type FormEvent } from 'react'
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconCash } from '@tabler/icons-react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import { parseWholeFrancs } from '../../../shared/schemas/payout'
import { ApiError } from '../../api/client'
import { useRequestPayout } from '../../api/payouts'
import { serverFieldErrors } from '../../components/form-errors'
import { FlashAlert } from '../../components/flash-alert'
import { failureDetail, useFlashMessage } from '../../components/use-flash-message'
import { messageText } from '../../i18n/keys'

/** Why an amount cannot be sent, in words: what is allowed (a whole number from 1; at most the balance). */
type Refusal = { key: 'payouts.amountWhole' } | { key: 'payouts.amountOverBalance'; balance: number }

/** The amount as typed, checked without changing it: null when it may be sent. */
function refusalOf(text: string, balance: number): Refusal | null {
  if (text.trim() === '') return null
  const amount = parseWholeFrancs(text)
  if (amount === null) return { key: 'payouts.amountWhole' }
  if (amount > balance) return { key: 'payouts.amountOverBalance', balance }
  return null
}

// The bundle writes the balance as money ({{balance, rwf}}): it is given as the number it is.
const refusalText = (t: TFunction, refusal: Refusal) =>
  refusal.key === 'payouts.amountOverBalance'
    ? t(refusal.key, { balance: Math.max(refusal.balance, 0) })
    : t(refusal.key)

/**
 * The inline payout request (spec §5 "Payout request"): a whole number of francs, at least 1 and at most the
 * available balance, else 'Invalid payout amount', followed by what is allowed (above the balance: the balance,
 * in RWF). What the vendor types stays as typed: a minus sign, a decimal point or a letter is never dropped or
 * rounded away, nor an amount lowered to the balance; the message under the field says why it cannot be sent.
 * The button stays disabled while the amount is empty or refused, and altogether when there is no balance. The
 * server checks the same again (the balance in the same transaction as the insert) and refuses in the same
 * words.
 */
export function PayoutRequestForm({ balance }: { balance: number }) {
  const { t } = useTranslation()
  const request = useRequestPayout()
  const feedback = useFlashMessage()
  const [text, setText] = useState('')
  /** The server's refusal of the amount last sent (the balance moved meanwhile), until the amount changes. */
  const [serverRefusal, setServerRefusal] = useState<string | null>(null)
  const hasBalance = balance > 0
  const refusal = refusalOf(text, balance)
  const amount = parseWholeFrancs(text)
  const error = refusal ? refusalText(t, refusal) : (serverRefusal ?? undefined)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    feedback.clear()
    if (amount === null || refusal) return
    request.mutate(amount, {
      onSuccess: () => {
        setText('')
        feedback.success(t('vendor.payouts.requested'))
      },
      onError: (failure) => {
        const key = serverFieldErrors(failure).amount
        if (failure instanceof ApiError && key) {
          const shownBalance = Number(failure.params?.balance ?? balance)
          setServerRefusal(messageText(t, key, { balance: Math.max(shownBalance, 0) }))
        } else {
          feedback.error(t('vendor.payouts.requestFailed'), failureDetail(t, failure))
        }
      },
    })
  }

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
          <TextInput
            label={t('vendor.payouts.request.amount')}
            description={
              hasBalance ? t('vendor.payouts.request.amountHint', { balance: formatRwf(balance) }) : undefined
            }
            required
            inputMode="numeric"
            autoComplete="off"
            disabled={!hasBalance}
            maw={360}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value)
              setServerRefusal(null)
            }}
            // Said as the vendor types, next to the field: what is allowed, never a silent correction.
            error={error}
          />
          <Group>
            <Button
              type="submit"
              leftSection={<IconCash size={18} aria-hidden />}
              loading={request.isPending}
              disabled={!hasBalance || amount === null || refusal !== null}
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
