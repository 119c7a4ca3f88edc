import { useRef, useState } from 'react'
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { IconCheck, IconCircleCheck, IconCircleX, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { AdminVendorApplication } from '../../../shared/schemas/vendor'
import { useAdminVendor, useConfirmPlan } from '../../api/admin-vendors'
import { planDetails, type Plan } from '../../../shared/constants'
import { formatRwf } from '../../../shared/money'
import { ConfirmModal } from '../../components/confirm-modal'
import { failureDetail } from '../../components/use-flash-message'
import { FlashAlert } from '../../components/flash-alert'
import { FocusHeading } from '../../components/focus-heading'
import { StatusBadge } from '../../components/status-badge'
import { useFlashMessage } from '../../components/use-flash-message'
import { ChecklistSection, FilesSection, PayoutSection, ShopSection } from './application-sections'
import { ReasonField } from '../../components/reason-dialog'
import type { useVendorDecisions } from './use-vendor-decisions'
import { DetailsModal, DetailsPending } from '../../components/details-modal'

type Decisions = ReturnType<typeof useVendorDecisions>

/**
 * The View dialog (admin §2): the whole application, and Approve / Reject while it is pending, else the
 * decision and its reason. Full screen on a phone. The last application stays in it while it fades out.
 */
export function ApplicationModal({
  vendorId,
  decisions,
  onClose,
}: {
  vendorId: string | null
  decisions: Decisions
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <DetailsModal id={vendorId} title={t('admin.vendors.application.title')} onClose={onClose}>
      {(id) => <ApplicationView id={id} decisions={decisions} />}
    </DetailsModal>
  )
}

function ApplicationView({ id, decisions }: { id: string; decisions: Decisions }) {
  const { t } = useTranslation()
  const query = useAdminVendor(id)
  const application = query.data
  if (!application) {
    return <DetailsPending query={query} failedTitle={t('admin.vendors.application.loadFailed')} />
  }
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm" wrap="nowrap">
        <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {application.shopName}
        </Text>
        <StatusBadge status={application.status} size="lg" style={{ flexShrink: 0 }} />
      </Group>
      <ChecklistSection application={application} />
      <ShopSection application={application} />
      <PayoutSection application={application} />
      <FilesSection application={application} />
      <PlanRequestSection application={application} />
      <DecisionSection application={application} decisions={decisions} />
    </Stack>
  )
}

/**
 * Approve, or Reject with an optional reason, while the application is pending; afterwards the outcome. A
 * decision takes the buttons away, so focus then goes to this section's heading, next to the outcome.
 */
function DecisionSection({
  application,
  decisions,
}: {
  application: AdminVendorApplication
  decisions: Decisions
}) {
  const { t } = useTranslation()
  const feedback = useFlashMessage()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [isRejecting, setIsRejecting] = useState(false)
  const [reason, setReason] = useState('')
  const { acting } = decisions
  const isBusy = acting !== null
  const busyProps = isBusy ? { 'data-disabled': true, 'aria-disabled': true } : {}
  const isPending = application.status === 'pending'

  const decide = (status: 'approved' | 'rejected') => {
    if (isBusy) return
    feedback.clear()
    decisions.decide(
      { id: application.id, status, ...(status === 'rejected' ? { reason } : {}) },
      {
        success: (message) => {
          feedback.success(message)
          setIsRejecting(false)
          requestAnimationFrame(() => headingRef.current?.focus())
        },
        error: (message) => feedback.error(message),
      },
    )
  }

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="application-decision">
      <Stack gap="sm">
        <FocusHeading order={3} size="h5" id="application-decision" ref={headingRef}>
          {t('admin.vendors.application.decision.title')}
        </FocusHeading>
        {isPending ? (
          <>
            <Text size="sm">{t('admin.vendors.application.decision.pendingHint')}</Text>
            {isRejecting ? (
              <>
                <ReasonField value={reason} onChange={setReason} disabled={isBusy} />
                <Group justify="flex-end" gap="sm">
                  <Button variant="default" {...busyProps} onClick={() => !isBusy && setIsRejecting(false)}>
                    {t('actions.cancel')}
                  </Button>
                  <Button color="red.9" {...busyProps} onClick={() => decide('rejected')}>
                    {acting?.id === application.id && acting.status === 'rejected'
                      ? t('admin.vendors.rejecting')
                      : t('admin.vendors.rejectDialog.confirm')}
                  </Button>
                </Group>
              </>
            ) : (
              <Group gap="sm" grow>
                <Button
                  color="green.9"
                  leftSection={<IconCheck size={16} aria-hidden />}
                  {...busyProps}
                  onClick={() => decide('approved')}
                >
                  {acting?.id === application.id && acting.status === 'approved'
                    ? t('admin.vendors.approving')
                    : t('admin.vendors.approve')}
                </Button>
                <Button
                  variant="outline"
                  color="red.9"
                  leftSection={<IconX size={16} aria-hidden />}
                  {...busyProps}
                  onClick={() => {
                    if (isBusy) return
                    feedback.clear()
                    setIsRejecting(true)
                  }}
                >
                  {t('admin.vendors.reject')}
                </Button>
              </Group>
            )}
          </>
        ) : (
          <Outcome application={application} />
        )}
        <FlashAlert flash={feedback.flash} />
      </Stack>
    </Paper>
  )
}

/**
 * A paid plan the vendor asked for: the team confirms it once the payment has reached them (outside Isoko),
 * after a confirmation naming the shop, plan and price. The flash stays after the section has gone.
 */
function PlanRequestSection({ application }: { application: AdminVendorApplication }) {
  const { t } = useTranslation()
  const confirmPlan = useConfirmPlan()
  const feedback = useFlashMessage()
  const [asking, setAsking] = useState<Plan | null>(null)
  // The plan last asked for stays named in the dialog and the message once the request is confirmed.
  const [lastRequested, setLastRequested] = useState(application.requestedPlan)
  const requested = application.requestedPlan
  if (requested && requested !== lastRequested) setLastRequested(requested)
  const named = requested ?? lastRequested
  if (!named || (!requested && !feedback.flash)) return null
  const params = {
    shop: application.shopName,
    plan: t(`admin.vendors.plans.${named}`),
    price: formatRwf(planDetails[named].priceRwf),
  }
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="application-plan">
      <Stack gap="sm" align="flex-start">
        <Text component="h3" fw={600} id="application-plan">
          {t('admin.vendors.application.plan.title')}
        </Text>
        {requested && (
          <>
            <Text size="sm">{t('admin.vendors.application.plan.body', params)}</Text>
            <Button
              onClick={() => {
                feedback.clear()
                setAsking(requested)
              }}
            >
              {t('admin.vendors.application.plan.confirm')}
            </Button>
          </>
        )}
        <FlashAlert flash={feedback.flash} />
      </Stack>
      <ConfirmModal
        subject={asking}
        title={t('admin.vendors.application.plan.confirmTitle')}
        confirmLabel={t('admin.vendors.application.plan.confirm')}
        cancelLabel={t('actions.cancel')}
        isPending={confirmPlan.isPending}
        onClose={() => setAsking(null)}
        onConfirm={(plan) =>
          confirmPlan.mutate(
            { id: application.id, plan },
            {
              onSuccess: () => feedback.success(t('admin.vendors.application.plan.confirmed', params)),
              onError: (error) =>
                feedback.error(
                  t('admin.vendors.application.plan.confirmFailed', {
                    message: failureDetail(t, error) ?? t('errors.internal'),
                  }),
                ),
              onSettled: () => setAsking(null),
            },
          )
        }
      >
        {() => <Text>{t('admin.vendors.application.plan.confirmBody', params)}</Text>}
      </ConfirmModal>
    </Paper>
  )
}

function Outcome({ application }: { application: AdminVendorApplication }) {
  const { t } = useTranslation()
  const isApproved = application.status === 'approved'
  return (
    <Alert
      role="note"
      variant="light"
      color={isApproved ? 'green' : 'red'}
      icon={isApproved ? <IconCircleCheck aria-hidden /> : <IconCircleX aria-hidden />}
      title={
        isApproved
          ? t('admin.vendors.application.decision.approved')
          : t('admin.vendors.application.decision.rejected')
      }
    >
      {!isApproved && (
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {application.decisionReason
            ? t('admin.vendors.application.decision.reason', { reason: application.decisionReason })
            : t('admin.vendors.application.decision.noReason')}
        </Text>
      )}
    </Alert>
  )
}
