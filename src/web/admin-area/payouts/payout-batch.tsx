import { useId } from 'react'
import { Badge, Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconCheck, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { PayoutBatchStatus } from '../../../shared/payments'
import type { PayoutBatchDto } from '../../../shared/schemas/payments'
import { usePayoutBatch } from '../../api/admin-payments'
import { useFormatDateTime } from '../../components/format-date-time'
import { PanelItem } from './panel-item'

const statusColors: Record<PayoutBatchStatus, string> = {
  awaiting_approval: 'yellow',
  sending: 'blue',
  done: 'green',
  cancelled: 'gray',
}

export type BatchActions = {
  /** The signed-in admin: the one who created a batch cannot approve it (the server refuses it too). */
  userId: string | undefined
  /** The operator's threshold above which a batch waits for a second admin. */
  approvalAbove: number
  /** A decision on a batch is on its way: every batch's buttons wait for it. */
  isDeciding: boolean
  onApprove: (batch: PayoutBatchDto) => void
  onCancel: (batch: PayoutBatchDto) => void
  /** A batch this admin started stays on screen once done, until hidden. */
  onHide?: (batch: PayoutBatchDto) => void
}

/**
 * One batch and how far it has got, asked for every 2 seconds while it moves (usePayoutBatch): a bar of the payouts
 * settled (paid, failed or being checked) over all of them, the count of each, and a sentence once all are settled.
 * Waiting for a second admin, it offers Approve (not to the admin who created it, who reads why) and Cancel.
 */
export function PayoutBatchItem({ seed, ...actions }: { seed: PayoutBatchDto } & BatchActions) {
  const { t } = useTranslation()
  const formatDateTime = useFormatDateTime()
  const batch = usePayoutBatch(seed).data
  const total = formatRwf(batch.total)
  return (
    <PanelItem
      title={t('mobileMoney.batch.title', { count: batch.count, total })}
      titleWeight={600}
      subtitle={t('mobileMoney.batch.createdAt', { date: formatDateTime(batch.createdAt) })}
      end={
        <Badge variant="dot" color={statusColors[batch.status]} style={{ flexShrink: 0 }}>
          {t(`mobileMoney.batch.status.${batch.status}`)}
        </Badge>
      }
    >
      {batch.status === 'awaiting_approval' ? (
        <AwaitingApproval batch={batch} {...actions} />
      ) : batch.status === 'cancelled' ? (
        <Text size="sm">{t('mobileMoney.batch.cancelledNote')}</Text>
      ) : (
        <BatchProgress batch={batch} />
      )}
      {batch.status !== 'awaiting_approval' && batch.status !== 'sending' && actions.onHide && (
        <Group justify="flex-end">
          <Button
            variant="subtle"
            size="xs"
            aria-label={t('mobileMoney.batch.hideLabel', { total })}
            onClick={() => actions.onHide?.(batch)}
          >
            {t('mobileMoney.batch.hide')}
          </Button>
        </Group>
      )}
    </PanelItem>
  )
}

/** The bar and the counts; the bar's parts are paid (green), failed (red) and being checked (orange). */
function BatchProgress({ batch }: { batch: PayoutBatchDto }) {
  const { t } = useTranslation()
  const settled = batch.paid + batch.failed + batch.unknown
  const share = (count: number) => (batch.count > 0 ? (count / batch.count) * 100 : 0)
  const progressText = t('mobileMoney.batch.progressText', { settled, count: batch.count })
  const counts = [
    { key: 'paid', label: t('mobileMoney.batch.paid'), value: batch.paid },
    { key: 'failed', label: t('mobileMoney.batch.failed'), value: batch.failed },
    { key: 'unknown', label: t('mobileMoney.batch.unknown'), value: batch.unknown },
    { key: 'onTheWay', label: t('mobileMoney.batch.onTheWay'), value: batch.queued + batch.sending },
  ]
  return (
    <Stack gap={6}>
      <Progress.Root
        size="lg"
        role="progressbar"
        aria-label={t('mobileMoney.batch.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={batch.count}
        aria-valuenow={settled}
        aria-valuetext={progressText}
      >
        <Progress.Section value={share(batch.paid)} color="green" withAria={false} />
        <Progress.Section value={share(batch.failed)} color="red" withAria={false} />
        <Progress.Section value={share(batch.unknown)} color="orange" withAria={false} />
      </Progress.Root>
      <Text size="sm" aria-hidden>
        {progressText}
      </Text>
      <SimpleGrid component="dl" cols={{ base: 2, xs: 4 }} spacing="xs" verticalSpacing={4} m={0}>
        {counts.map(({ key, label, value }) => (
          <div key={key}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={600} data-count={key}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {batch.status === 'done' && (
        <Text size="sm" role="status">
          {t('mobileMoney.batch.done', {
            paid: batch.paid,
            paidTotal: formatRwf(batch.paidTotal),
            failed: batch.failed,
            unknown: batch.unknown,
          })}
        </Text>
      )}
    </Stack>
  )
}

function AwaitingApproval({
  batch,
  userId,
  approvalAbove,
  isDeciding,
  onApprove,
  onCancel,
}: { batch: PayoutBatchDto } & BatchActions) {
  const { t } = useTranslation()
  const ownId = useId()
  const isOwn = userId !== undefined && batch.createdBy === userId
  const total = formatRwf(batch.total)
  return (
    <Stack gap="xs">
      <Text size="sm">{t('mobileMoney.batch.awaitingNote', { limit: formatRwf(approvalAbove) })}</Text>
      {isOwn && (
        <Text size="sm" c="dimmed" id={ownId}>
          {t('mobileMoney.batch.ownBatch')}
        </Text>
      )}
      <Group gap="sm" justify="flex-end" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconX size={16} aria-hidden />}
          disabled={isDeciding}
          aria-label={t('mobileMoney.batch.cancelLabel', { total })}
          onClick={() => onCancel(batch)}
        >
          {t('mobileMoney.batch.cancel')}
        </Button>
        <Button
          color="green.9"
          leftSection={<IconCheck size={16} aria-hidden />}
          disabled={isDeciding || isOwn}
          aria-label={t('mobileMoney.batch.approveLabel', { total })}
          aria-describedby={isOwn ? ownId : undefined}
          onClick={() => onApprove(batch)}
        >
          {t('mobileMoney.batch.approve')}
        </Button>
      </Group>
    </Stack>
  )
}
