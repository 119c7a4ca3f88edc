import { useState } from 'react'
import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import { IconCircleCheck, IconCircleX, IconReceipt2 } from '@tabler/icons-react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { AdminVendorApplication } from '../../../shared/schemas/vendor'
import { useAdminVendor, useConfirmPlan } from '../../api/admin-vendors'
import { planDetails, type Plan } from '../../../shared/constants'
import { formatRwf } from '../../../shared/money'
import { ConfirmModal } from '../../components/confirm-modal'
import { failureDetail } from '../../components/use-flash-message'
import { FlashAlert } from '../../components/flash-alert'
import { Notice } from '../../components/notice'
import { StatusBadge } from '../../components/status-badge'
import { useFlashMessage } from '../../components/use-flash-message'
import { ChecklistSection, FilesSection, PayoutSection, ShopSection } from './application-sections'
import { DecisionReason, DecisionSection } from '../../components/decision-section'
import type { useVendorDecisions } from './use-vendor-decisions'
import { DetailsPending } from '../../components/details-modal'
import { AdjustmentsSection } from '../adjustments/adjustments-section'
import { DialogSection } from '../../components/section-card'
import { paths } from '../../paths'

type Decisions = ReturnType<typeof useVendorDecisions>

/**
 * The View dialog's content (admin §2): the whole application, and Approve / Reject while it is pending, else
 * the decision and its reason.
 */
export function ApplicationDetails({ id, decisions }: { id: string; decisions: Decisions }) {
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
      <StatementLink application={application} />
      <ApplicationDecision application={application} decisions={decisions} />
      <AdjustmentsSection vendorId={application.id} shopName={application.shopName} />
    </Stack>
  )
}

/** The shop's statement (its ledger lines by month, with CSV and PDF) opens on its own screen. */
function StatementLink({ application }: { application: AdminVendorApplication }) {
  const { t } = useTranslation()
  return (
    <DialogSection id="application-statement" title={t('statement.admin.sectionTitle')}>
      <Text size="sm">{t('statement.admin.sectionBody')}</Text>
      <Button
        component={Link}
        to={{ pathname: paths.admin.statements, search: `?vendor=${application.id}` }}
        variant="light"
        leftSection={<IconReceipt2 size={16} aria-hidden />}
        w="fit-content"
      >
        {t('statement.admin.open')}
      </Button>
    </DialogSection>
  )
}

/**
 * Approve (after a question naming the shop), or Reject with its reason, while the application is pending;
 * afterwards the outcome.
 */
function ApplicationDecision({
  application,
  decisions,
}: {
  application: AdminVendorApplication
  decisions: Decisions
}) {
  const { t } = useTranslation()
  const { acting } = decisions
  const isPending = application.status === 'pending'
  return (
    <DecisionSection
      id="application-decision"
      title={t('admin.vendors.application.decision.title')}
      texts="admin.vendors"
      isBusy={acting !== null}
      acting={acting?.id === application.id ? acting.status : undefined}
      canApprove={isPending}
      canReject={isPending}
      approvalCheck={{
        question: t('admin.vendors.approveDialog.body', { shop: application.shopName }),
        confirmLabel: t('admin.vendors.approveDialog.confirm'),
      }}
      onDecide={(decision, report) => decisions.decide({ id: application.id, ...decision }, report)}
    >
      {isPending ? (
        <Text size="sm">{t('admin.vendors.application.decision.pendingHint')}</Text>
      ) : (
        <Outcome application={application} />
      )}
    </DecisionSection>
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
    <Notice
      {...(isApproved
        ? {
            color: 'green',
            icon: <IconCircleCheck aria-hidden />,
            title: t('admin.vendors.application.decision.approved'),
          }
        : {
            color: 'red',
            icon: <IconCircleX aria-hidden />,
            title: t('admin.vendors.application.decision.rejected'),
          })}
    >
      {!isApproved && (
        <DecisionReason reason={application.decisionReason} texts="admin.vendors.application.decision" />
      )}
    </Notice>
  )
}
