import { useState } from 'react'
import { Button, Group, Skeleton, Stack, Text, Textarea } from '@mantine/core'
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
import { Money } from '../../components/money'
import { NoneText } from '../../components/none-text'
import { QueryContent } from '../../components/query-content'
import { SectionCard } from '../../components/section-card'
import { paymentFailureDetail, providerName } from '../../components/transfer-status'
import { useFlashMessage } from '../../components/use-flash-message'
import { useLastShown } from '../../components/use-last-shown'
import { useRequiredText } from '../../components/use-required-text'
import { countBadge } from '../components/count-badge'
import { PanelItem } from './panel-item'
import { ReferenceField } from './reference-field'

/** The longest provider transaction id and note the server keeps (transferResolutionInput). */
const transactionIdMax = 100
const noteMax = 300

type Dialog = { kind: 'paid' | 'failed'; transfer: TransferDto }
type Acting = { id: string; action: TransferResolutionInput['action'] }

/** What the provider told a person, recorded after its dialog: the transfer paid, or failed. */
const answers = [
  { kind: 'paid', text: 'markPaid', icon: IconCheck, color: 'green.9' },
  { kind: 'failed', text: 'markFailed', icon: IconX, color: 'red.9' },
] as const

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

  const isDialogPending = acting !== null && acting.action !== 'check'
  return (
    <SectionCard
      id="transfers-to-check"
      title={t('mobileMoney.unknown.title')}
      aside={countBadge(query.data?.items.length, 'orange', (count) =>
        t('mobileMoney.unknown.count', { count }),
      )}
    >
      <Text size="sm" c="dimmed">
        {t('mobileMoney.unknown.intro')}
      </Text>
      <FlashAlert flash={feedback.flash} />
      <QueryContent
        query={query}
        loadFailed={t('mobileMoney.unknown.loadFailed')}
        skeleton={<Skeleton h={96} radius="md" aria-hidden />}
      >
        {({ items }) =>
          items.length === 0 ? (
            <NoneText>{t('mobileMoney.unknown.none')}</NoneText>
          ) : (
            <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {items.map((transfer) => (
                <TransferItem
                  key={transfer.id}
                  transfer={transfer}
                  acting={acting}
                  onCheck={() => send(transfer, { action: 'check' })}
                  onRecord={(kind) => open(kind, transfer)}
                />
              ))}
            </Stack>
          )
        }
      </QueryContent>

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
              <ReferenceField
                field={transactionId.field}
                required
                missingError={t('payments.errors.transactionIdRequired')}
                label={t('mobileMoney.unknown.transactionId')}
                description={t('mobileMoney.unknown.transactionIdHint', {
                  provider: about.provider,
                  max: transactionIdMax,
                })}
                max={transactionIdMax}
                disabled={isDialogPending}
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
  onRecord,
}: {
  transfer: TransferDto
  acting: Acting | null
  onCheck: () => void
  onRecord: (kind: Dialog['kind']) => void
}) {
  const { t } = useTranslation()
  const about = aboutOf(t, transfer)
  const isActing = acting?.id === transfer.id
  return (
    <PanelItem
      title={transfer.shopName}
      titleWeight={700}
      subtitle={
        transfer.direction === 'payout'
          ? t('mobileMoney.unknown.payout')
          : t('mobileMoney.unknown.planFee', {
              plan: transfer.plan ? t(`vendor.subscription.plans.${transfer.plan}.name`) : '',
            })
      }
      end={<Money amount={transfer.amount} fw={700} style={{ flexShrink: 0 }} />}
    >
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
        {answers.map(({ kind, text, icon: Icon, color }) => (
          <Button
            key={kind}
            variant="light"
            color={color}
            size="xs"
            leftSection={<Icon size={16} aria-hidden />}
            disabled={acting !== null}
            aria-label={t(`mobileMoney.unknown.${text}Label`, about)}
            onClick={() => onRecord(kind)}
          >
            {t(`mobileMoney.unknown.${text}`)}
          </Button>
        ))}
      </Group>
    </PanelItem>
  )
}
