import { useState } from 'react'
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { IconCheck, IconRefresh, IconX } from '@tabler/icons-react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { TransferDto } from '../../../shared/schemas/payments'
import { useResolveTransfer, useTransfers, type TransferResolutionInput } from '../../api/admin-payments'
import { ConfirmModal } from '../../components/confirm-modal'
import { DateText } from '../../components/date-text'
import { FieldList } from '../../components/field-list'
import { FlashAlert } from '../../components/flash-alert'
import { LoadErrorAlert } from '../../components/load-error-alert'
import { LoadingStatus } from '../../components/loading-status'
import { Money } from '../../components/money'
import { NoneText } from '../../components/none-text'
import { SectionCard } from '../../components/section-card'
import { paymentFailureDetail, providerName } from '../../components/transfer-status'
import { useFlashMessage } from '../../components/use-flash-message'
import { useLastShown } from '../../components/use-last-shown'
import { useRequiredText } from '../../components/use-required-text'

/** The longest provider transaction id and note the server keeps (transferResolutionInput). */
const transactionIdMax = 100
const noteMax = 300

type Dialog = { kind: 'paid' | 'failed'; transfer: TransferDto }
type Acting = { id: string; action: TransferResolutionInput['action'] }

const aboutOf = (t: TFunction, transfer: TransferDto) => ({
  amount: formatRwf(transfer.amount),
  shop: transfer.shopName,
  provider: providerName(t, transfer.provider),
})

/** What "Ask the provider again" found, by the transfer's state after it. */
const checkedKeys = {
  paid: 'mobileMoney.unknown.checkedPaid',
  failed: 'mobileMoney.unknown.checkedFailed',
  sending: 'mobileMoney.unknown.checkedSending',
  queued: 'mobileMoney.unknown.checkedSending',
  unknown: 'mobileMoney.unknown.checkedUnknown',
} as const

/**
 * "Needs checking" (docs/payments.md, the unknown queue): transfers no answer from the provider settled in time,
 * oldest first. A person asks the provider again, or records what the provider told them: paid (with its
 * transaction id) or failed (the money back with the shop). Never sent again under a new reference, which could
 * pay twice.
 */
export function UnknownTransfers() {
  const { t } = useTranslation()
  const query = useTransfers('unknown')
  const resolve = useResolveTransfer()
  const feedback = useFlashMessage()
  const [acting, setActing] = useState<Acting | null>(null)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const transactionId = useRequiredText<HTMLInputElement>()
  const [note, setNote] = useState('')
  const shown = useLastShown(dialog)

  const open = (kind: Dialog['kind'], transfer: TransferDto) => {
    feedback.clear()
    transactionId.reset()
    setNote('')
    setDialog({ kind, transfer })
  }

  const send = (transfer: TransferDto, resolution: TransferResolutionInput) => {
    if (acting) return
    feedback.clear()
    setActing({ id: transfer.id, action: resolution.action })
    const about = aboutOf(t, transfer)
    resolve.mutate(
      { id: transfer.id, resolution },
      {
        onSuccess: (after) =>
          feedback.success(
            resolution.action === 'check'
              ? t(checkedKeys[after.status], about)
              : t(
                  resolution.action === 'paid'
                    ? 'mobileMoney.unknown.markedPaid'
                    : 'mobileMoney.unknown.markedFailed',
                ),
          ),
        onError: (error) =>
          feedback.error(
            t(
              resolution.action === 'check'
                ? 'mobileMoney.unknown.checkFailed'
                : 'mobileMoney.unknown.resolveFailed',
            ),
            paymentFailureDetail(t, error),
          ),
        onSettled: () => {
          setActing(null)
          setDialog(null)
        },
      },
    )
  }

  const confirm = ({ kind, transfer }: Dialog) => {
    if (kind === 'failed') {
      send(transfer, { action: 'failed', ...(note.trim() ? { note: note.trim() } : {}) })
      return
    }
    const given = transactionId.given(true)
    if (given !== null) send(transfer, { action: 'paid', providerTransactionId: given })
  }

  const items = query.data?.items
  const isDialogPending = acting !== null && acting.action !== 'check'
  return (
    <SectionCard
      id="transfers-to-check"
      title={t('mobileMoney.unknown.title')}
      aside={
        items &&
        items.length > 0 && (
          <Badge variant="light" color="orange" style={{ flexShrink: 0 }}>
            {t('mobileMoney.unknown.count', { count: items.length })}
          </Badge>
        )
      }
    >
      <Text size="sm" c="dimmed">
        {t('mobileMoney.unknown.intro')}
      </Text>
      <FlashAlert flash={feedback.flash} />
      {query.isPending ? (
        <>
          <LoadingStatus />
          <Skeleton h={96} radius="md" aria-hidden />
        </>
      ) : !items ? (
        <LoadErrorAlert title={t('mobileMoney.unknown.loadFailed')} query={query} />
      ) : items.length === 0 ? (
        <NoneText>{t('mobileMoney.unknown.none')}</NoneText>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((transfer) => (
            <TransferItem
              key={transfer.id}
              transfer={transfer}
              acting={acting}
              onCheck={() => send(transfer, { action: 'check' })}
              onMarkPaid={() => open('paid', transfer)}
              onMarkFailed={() => open('failed', transfer)}
            />
          ))}
        </Stack>
      )}

      <ConfirmModal
        subject={dialog}
        title={t(
          shown?.kind === 'failed' ? 'mobileMoney.unknown.failedTitle' : 'mobileMoney.unknown.paidTitle',
        )}
        confirmLabel={t(
          shown?.kind === 'failed' ? 'mobileMoney.unknown.failedConfirm' : 'mobileMoney.unknown.paidConfirm',
        )}
        color={shown?.kind === 'failed' ? 'red' : 'green.9'}
        isPending={isDialogPending}
        onConfirm={confirm}
        onClose={() => setDialog(null)}
      >
        {({ kind, transfer }) => {
          const about = aboutOf(t, transfer)
          const isPlan = transfer.direction === 'collection'
          return kind === 'paid' ? (
            <>
              <Text style={{ overflowWrap: 'anywhere' }}>
                {t(isPlan ? 'mobileMoney.unknown.paidBodyPlan' : 'mobileMoney.unknown.paidBody', about)}
              </Text>
              <TextInput
                ref={transactionId.field.ref}
                required
                label={t('mobileMoney.unknown.transactionId')}
                description={t('mobileMoney.unknown.transactionIdHint', {
                  provider: about.provider,
                  max: transactionIdMax,
                })}
                error={transactionId.field.isMissing ? t('payments.errors.transactionIdRequired') : undefined}
                value={transactionId.field.value}
                onChange={(event) => transactionId.field.onChange(event.currentTarget.value)}
                maxLength={transactionIdMax}
                disabled={isDialogPending}
                autoComplete="off"
                data-autofocus
              />
            </>
          ) : (
            <>
              <Text style={{ overflowWrap: 'anywhere' }}>
                {t(
                  isPlan ? 'mobileMoney.unknown.failedBodyPlan' : 'mobileMoney.unknown.failedBodyPayout',
                  about,
                )}
              </Text>
              <Textarea
                label={t('mobileMoney.unknown.note')}
                description={t('mobileMoney.unknown.noteHint', { max: noteMax })}
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
                maxLength={noteMax}
                autosize
                minRows={2}
                disabled={isDialogPending}
              />
            </>
          )
        }}
      </ConfirmModal>
    </SectionCard>
  )
}

/** One transfer to check: whose, how much, through which provider and number, when sent, how often sent and asked. */
function TransferItem({
  transfer,
  acting,
  onCheck,
  onMarkPaid,
  onMarkFailed,
}: {
  transfer: TransferDto
  acting: Acting | null
  onCheck: () => void
  onMarkPaid: () => void
  onMarkFailed: () => void
}) {
  const { t } = useTranslation()
  const about = aboutOf(t, transfer)
  const nameId = `transfer-${transfer.id}`
  const isActing = acting?.id === transfer.id
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-labelledby={nameId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} id={nameId} style={{ overflowWrap: 'anywhere' }}>
              {transfer.shopName}
            </Text>
            <Text size="xs" c="dimmed">
              {transfer.direction === 'payout'
                ? t('mobileMoney.unknown.payout')
                : t('mobileMoney.unknown.planFee', {
                    plan: transfer.plan ? t(`vendor.subscription.plans.${transfer.plan}.name`) : '',
                  })}
            </Text>
          </div>
          <Money amount={transfer.amount} fw={700} style={{ flexShrink: 0 }} />
        </Group>
        <FieldList
          labelWidth={110}
          gap={4}
          fields={[
            { label: t('mobileMoney.unknown.provider'), value: about.provider },
            {
              label: t('mobileMoney.unknown.number'),
              value: t('mobileMoney.unknown.numberValue', { tail: transfer.msisdnTail }),
            },
            {
              label: t('mobileMoney.unknown.sentAt'),
              value: transfer.sentAt ? (
                <DateText value={transfer.sentAt} withTime />
              ) : (
                <NoneText inline>{t('mobileMoney.unknown.notSent')}</NoneText>
              ),
            },
            { label: t('mobileMoney.unknown.sends'), value: transfer.sendCount },
            { label: t('mobileMoney.unknown.checks'), value: transfer.checks },
          ]}
        />
        <Group gap="xs" justify="flex-end" wrap="wrap">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={isActing && acting?.action === 'check'}
            disabled={acting !== null && !isActing}
            aria-label={t('mobileMoney.unknown.checkLabel', about)}
            onClick={onCheck}
          >
            {t('mobileMoney.unknown.check')}
          </Button>
          <Button
            variant="light"
            color="green.9"
            size="xs"
            leftSection={<IconCheck size={16} aria-hidden />}
            disabled={acting !== null}
            aria-label={t('mobileMoney.unknown.markPaidLabel', about)}
            onClick={onMarkPaid}
          >
            {t('mobileMoney.unknown.markPaid')}
          </Button>
          <Button
            variant="light"
            color="red.9"
            size="xs"
            leftSection={<IconX size={16} aria-hidden />}
            disabled={acting !== null}
            aria-label={t('mobileMoney.unknown.markFailedLabel', about)}
            onClick={onMarkFailed}
          >
            {t('mobileMoney.unknown.markFailed')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
