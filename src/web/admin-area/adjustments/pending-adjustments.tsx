import { useState } from 'react'
import { Button, Group, Stack, Text } from '@mantine/core'
import { IconCheck, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { AdjustmentDto } from '../../../shared/schemas/adjustment'
import { useAdjustments, useDecideAdjustment, type AdjustmentDecision } from '../../api/admin-adjustments'
import { ConfirmModal } from '../../components/confirm-modal'
import { FlashAlert } from '../../components/flash-alert'
import { ListPager } from '../../components/list-pager'
import { SectionCard } from '../../components/section-card'
import { failureDetail, useFlashMessage } from '../../components/use-flash-message'
import { useLastShown } from '../../components/use-last-shown'
import type { ListPosition } from '../../components/use-page-param'
import { countBadge } from '../components/count-badge'
import { AdjustmentItems, AdjustmentSummary, sizeOf } from './adjustment-parts'

const PAGE_SIZE = 10

type Deciding = { adjustment: AdjustmentDto; decision: AdjustmentDecision['decision'] }

/**
 * The adjustments above the operator's threshold that wait for a second admin (step 11), on the payouts screen
 * where the money is watched: each with its shop, amount, reason, who asked and when, and Approve / Reject after a
 * confirmation. The admin who asked for one reads it without the buttons' power (the server refuses them too). The
 * list refreshes live: adjustments announce themselves as payout changes.
 */
export function PendingAdjustments() {
  const { t } = useTranslation()
  const [position, setPosition] = useState<ListPosition>({ page: 1 })
  const query = useAdjustments({ status: 'pending', pageSize: PAGE_SIZE, ...position })
  const decide = useDecideAdjustment()
  const feedback = useFlashMessage()
  const [deciding, setDeciding] = useState<Deciding | null>(null)
  // The dialog keeps its words while it fades out after a decision.
  const isRejecting = useLastShown(deciding)?.decision === 'reject'
  const id = 'pending-adjustments'

  const confirm = ({ adjustment, decision }: Deciding) =>
    decide.mutate(
      { id: adjustment.id, decision },
      {
        onSuccess: () =>
          feedback.success(
            t(decision === 'approve' ? 'adjustments.pending.approved' : 'adjustments.pending.rejected'),
          ),
        onError: (error) => feedback.error(t('adjustments.pending.failed'), failureDetail(t, error)),
        onSettled: () => setDeciding(null),
      },
    )

  return (
    <SectionCard
      id={id}
      title={t('adjustments.pending.title')}
      aside={countBadge(query.data?.total, 'yellow', (count) => t('adjustments.pending.count', { count }))}
    >
      <FlashAlert flash={feedback.flash} />
      <AdjustmentItems
        query={query}
        texts="adjustments.pending"
        skeletonHeight={72}
        intro={
          <Text size="sm" c="dimmed">
            {t('adjustments.pending.intro')}
          </Text>
        }
        footer={(page) => (
          <ListPager
            data={page}
            pageSize={PAGE_SIZE}
            onChange={setPosition}
            label={t('adjustments.pending.pagesLabel')}
          />
        )}
      >
        {(adjustment) => (
          <PendingItem
            adjustment={adjustment}
            isBusy={decide.isPending}
            onDecide={(decision) => {
              feedback.clear()
              setDeciding({ adjustment, decision })
            }}
          />
        )}
      </AdjustmentItems>

      <ConfirmModal
        subject={deciding}
        title={t(isRejecting ? 'adjustments.pending.rejectTitle' : 'adjustments.pending.approveTitle')}
        confirmLabel={t(isRejecting ? 'adjustments.pending.reject' : 'adjustments.pending.approve')}
        color={isRejecting ? 'red' : undefined}
        isPending={decide.isPending}
        onClose={() => setDeciding(null)}
        onConfirm={confirm}
      >
        {({ adjustment, decision }) => {
          const params = { amount: sizeOf(adjustment.amount), shop: adjustment.shopName }
          return (
            <Stack gap="xs">
              <Text>
                {decision === 'reject'
                  ? t('adjustments.pending.rejectBody', params)
                  : t(
                      adjustment.amount > 0
                        ? 'adjustments.pending.approveCredit'
                        : 'adjustments.pending.approveDebit',
                      params,
                    )}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {t('adjustments.form.confirmReason', { reason: adjustment.reason })}
              </Text>
            </Stack>
          )
        }}
      </ConfirmModal>
    </SectionCard>
  )
}

/** One waiting adjustment: what it is, and Approve / Reject (not for the admin who asked for it). */
function PendingItem({
  adjustment,
  isBusy,
  onDecide,
}: {
  adjustment: AdjustmentDto
  isBusy: boolean
  onDecide: (decision: Deciding['decision']) => void
}) {
  const { t } = useTranslation()
  const params = { amount: sizeOf(adjustment.amount), shop: adjustment.shopName }
  return (
    <Stack gap="sm">
      <AdjustmentSummary adjustment={adjustment} shop />
      {adjustment.isOwnRequest ? (
        <Text size="sm" c="dimmed">
          {t('adjustments.pending.ownRequest')}
        </Text>
      ) : (
        <Group gap="sm" justify="flex-end" wrap="wrap">
          <Button
            variant="default"
            color="red"
            leftSection={<IconX size={16} aria-hidden />}
            disabled={isBusy}
            aria-label={t('adjustments.pending.rejectLabel', params)}
            onClick={() => onDecide('reject')}
          >
            {t('adjustments.pending.reject')}
          </Button>
          <Button
            leftSection={<IconCheck size={16} aria-hidden />}
            disabled={isBusy}
            aria-label={t('adjustments.pending.approveLabel', params)}
            onClick={() => onDecide('approve')}
          >
            {t('adjustments.pending.approve')}
          </Button>
        </Group>
      )}
    </Stack>
  )
}
