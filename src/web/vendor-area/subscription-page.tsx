import { useRef, useState } from 'react'
import {
  Accordion,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { IconAlertCircle, IconCircleCheck, IconDeviceMobile, IconGift } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { limits, planDetails, plans, type Plan } from '../../shared/constants'
import type { PlanPaymentDto } from '../../shared/schemas/payments'
import type { VendorProfile } from '../../shared/schemas/vendor'
import { DAY_MS, describeSubscription } from '../../shared/subscription'
import { formatRwf } from '../../shared/money'
import { ApiError } from '../api/client'
import {
  isPlanPaymentMoving,
  useChooseSubscription,
  usePlanPayment,
  useStartPlanPayment,
  useVendorProfile,
  useWithdrawPlanRequest,
} from '../api/vendor'
import { errorMessage } from '../components/form-errors'
import { providerName } from '../components/transfer-status'
import { StatusBadge } from '../components/status-badge'
import { FlashAlert } from '../components/flash-alert'
import { PlanCard } from './components/plan-card'
import { failureDetail, useFlashMessage } from '../components/use-flash-message'
import { LoadErrorAlert } from '../components/load-error-alert'
import { LoadingStatus } from '../components/loading-status'
import { Notice } from '../components/notice'

/** Spec §2: the plan the page opens on. */
const defaultPlan: Plan = 'growth'

/**
 * /vendor/subscription: the five plans, the launch offer and the FAQ (spec §2, §9). A paid plan is requested (the
 * team confirms its payment) or paid at once by mobile money (docs/payments.md).
 */
export default function VendorSubscriptionPage() {
  const { t } = useTranslation()
  const profile = useVendorProfile()

  return (
    <Stack gap="xl" maw={1200}>
      <div>
        <Title order={1}>{t('vendor.subscription.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('vendor.subscription.subtitle')}
        </Text>
      </div>
      {profile.isPending ? (
        <PlansSkeleton />
      ) : profile.isError ? (
        <LoadErrorAlert title={t('vendor.subscription.loadFailed')} query={profile} />
      ) : (
        <PlanChooser profile={profile.data} />
      )}
      <LaunchOffer />
      <Faq />
    </Stack>
  )
}

function PlanChooser({ profile }: { profile: VendorProfile }) {
  const { t } = useTranslation()
  const [selected, setSelected] = useState<Plan>(defaultPlan)
  const [isConfirming, setIsConfirming] = useState(false)
  const hasChanged = useRef(false)
  const choose = useChooseSubscription()
  const feedback = useFlashMessage()

  const current = profile.subscription.plan
  const view = describeSubscription(profile.subscription)
  const planName = (plan: Plan) => t(`vendor.subscription.plans.${plan}.name`)
  // Re-choosing the plan one already has only makes sense once it has lapsed (a renewal); re-choosing the
  // plan already requested changes nothing.
  const isSameActivePlan = selected === current && view.display === 'active'
  const isRequested = selected === profile.requestedPlan
  const isRenewal = selected === current && !isSameActivePlan
  // The starter trial is anchored at registration (the server keeps it so): free only within those 90 days.
  const isTrialOpen = Date.now() < new Date(profile.createdAt).getTime() + limits.starterTrialDays * DAY_MS
  // Everything but the starter trial is paid for outside Isoko, and waits for the team's confirmation.
  const isFree = selected === 'starter' && isTrialOpen

  const confirmText = isRenewal
    ? t('vendor.subscription.confirmRenew', {
        plan: planName(selected),
        price: formatRwf(planDetails[selected].priceRwf),
      })
    : selected === 'starter' && isTrialOpen
      ? t('vendor.subscription.confirmBodyTrial', { current: planName(current), plan: planName(selected) })
      : t('vendor.subscription.confirmBody', {
          current: planName(current),
          plan: planName(selected),
          price: formatRwf(planDetails[selected].priceRwf),
        })

  // A paid plan may be paid from the phone at once (not the plan already running: that would restart its month).
  const start = useStartPlanPayment()
  const [paymentId, setPaymentId] = useState<string | null>(null)
  const [noProvider, setNoProvider] = useState<string | null>(null)
  const payment = usePlanPayment(paymentId)
  const isPaymentMoving = isPlanPaymentMoving(payment.data?.status)
  const canPayByMobile = !isFree && !isSameActivePlan && planDetails[selected].priceRwf > 0

  const payByMobile = () => {
    feedback.clear()
    setNoProvider(null)
    start.mutate(selected, {
      onSuccess: (started) => setPaymentId(started.transferId),
      onError: (error) => {
        // No provider reaches the shop's number: the other way stays (the team confirms a payment made otherwise).
        if (error instanceof ApiError && error.messageKey === 'payments.errors.noProviderForNumber') {
          setNoProvider(errorMessage(t, error))
        } else {
          feedback.error(t('mobileMoney.plan.startFailed'), failureDetail(t, error))
        }
      },
    })
  }

  const confirm = () => {
    feedback.clear()
    choose.mutate(selected, {
      onSuccess: (updated) => {
        setIsConfirming(false)
        feedback.success(
          updated.requestedPlan
            ? t('vendor.subscription.requested', { plan: planName(updated.requestedPlan) })
            : t('vendor.subscription.changed', { plan: planName(updated.subscription.plan) }),
        )
        // The confirm button is now disabled (the plan is current): once the dialog has closed, focus the
        // line that names the new plan instead of the dialog's opener.
        hasChanged.current = true
      },
      onError: (error) => {
        setIsConfirming(false)
        feedback.error(t('vendor.subscription.changeFailed'), failureDetail(t, error))
      },
    })
  }

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text id="subscription-current" tabIndex={-1}>
          {t('vendor.subscription.currentPlanIs', { plan: planName(current) })}
        </Text>
        <StatusBadge status={view.display} />
      </Group>

      {profile.requestedPlan && (
        <PendingPlan profile={profile} requested={profile.requestedPlan} feedback={feedback} />
      )}

      <Radio.Group
        value={selected}
        onChange={(value) => setSelected(value as Plan)}
        name="plan"
        label={<VisuallyHidden>{t('vendor.subscription.plansLabel')}</VisuallyHidden>}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {plans.map((plan) => (
            <PlanCard key={plan} plan={plan} isSelected={selected === plan} isCurrent={plan === current} />
          ))}
        </SimpleGrid>
      </Radio.Group>

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Text fw={500} id="subscription-selected">
              {planName(selected)}
              {' · '}
              {formatRwf(planDetails[selected].priceRwf)} {t('vendor.subscription.perMonth')}
            </Text>
            <Group gap="sm" wrap="wrap">
              {canPayByMobile && (
                <Button
                  variant="light"
                  leftSection={<IconDeviceMobile size={18} aria-hidden />}
                  loading={start.isPending}
                  disabled={isPaymentMoving}
                  aria-describedby="subscription-selected"
                  onClick={payByMobile}
                >
                  {t('mobileMoney.plan.pay')}
                </Button>
              )}
              <Button
                id="subscription-choose"
                onClick={() => setIsConfirming(true)}
                disabled={isSameActivePlan || isRequested}
              >
                {isSameActivePlan
                  ? t('vendor.subscription.isCurrent')
                  : isRequested
                    ? t('vendor.subscription.pending.title')
                    : isRenewal
                      ? t('vendor.subscription.renew', { plan: planName(selected) })
                      : t('vendor.subscription.choose', { plan: planName(selected) })}
              </Button>
            </Group>
          </Group>
          {canPayByMobile && (
            <Text size="sm" c="dimmed">
              {t('mobileMoney.plan.payHint', { price: formatRwf(planDetails[selected].priceRwf) })}
            </Text>
          )}
        </Stack>
      </Paper>

      {/* Always in the page, so that each step of a payment by phone is announced as it comes. */}
      <div aria-live="polite">
        {noProvider && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t('mobileMoney.plan.noProviderTitle')}
          >
            {noProvider}
          </Alert>
        )}
        {payment.data && <PlanPaymentStatus payment={payment.data} />}
      </div>
      <FlashAlert flash={feedback.flash} />

      <Modal
        opened={isConfirming}
        onClose={() => !choose.isPending && setIsConfirming(false)}
        returnFocus={false}
        onExitTransitionEnd={() => {
          const target = hasChanged.current ? 'subscription-current' : 'subscription-choose'
          hasChanged.current = false
          document.getElementById(target)?.focus()
        }}
        title={t('vendor.subscription.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('actions.close') }}
        centered
      >
        <Stack gap="lg">
          <Text>{confirmText}</Text>
          {!isFree && <Text>{t('vendor.subscription.paymentNote')}</Text>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setIsConfirming(false)} disabled={choose.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={confirm} loading={choose.isPending}>
              {t('actions.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}

/**
 * Where a plan paid by mobile money stands: waiting for the vendor to approve it on the phone (with how: *182# for
 * MTN, the Airtel Money menu), paid (the plan is active), failed (why, in the reader's words), or being checked.
 */
function PlanPaymentStatus({ payment }: { payment: PlanPaymentDto }) {
  const { t } = useTranslation()
  const plan = t(`vendor.subscription.plans.${payment.plan}.name`)
  const provider = providerName(t, payment.provider)
  if (payment.status === 'paid') {
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
        {t('mobileMoney.plan.paid', { plan })}
      </Alert>
    )
  }
  if (payment.status === 'failed') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden />}
        title={t('mobileMoney.plan.failedTitle')}
        role="alert"
      >
        {t(`payments.reasons.${payment.failureReason ?? 'other'}`)}
      </Alert>
    )
  }
  if (payment.status === 'unknown') {
    return (
      <Notice title={t('mobileMoney.plan.unknownTitle')}>
        {t('mobileMoney.plan.unknown', { provider })}
      </Notice>
    )
  }
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconDeviceMobile aria-hidden />}
      title={t('mobileMoney.plan.approveTitle')}
      role="status"
    >
      <Stack gap="xs">
        <Text size="sm">
          {t('mobileMoney.plan.approveBody', { amount: formatRwf(payment.amount), provider })}
        </Text>
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('mobileMoney.plan.waiting')}</Text>
        </Group>
      </Stack>
    </Alert>
  )
}

/** A paid plan the vendor chose, waiting for the team to confirm its payment; it can be withdrawn. */
function PendingPlan({
  profile,
  requested,
  feedback,
}: {
  profile: VendorProfile
  requested: Plan
  /** The page's message line: it stays once the notice is gone. */
  feedback: ReturnType<typeof useFlashMessage>
}) {
  const { t } = useTranslation()
  const withdraw = useWithdrawPlanRequest()
  const planName = (plan: Plan) => t(`vendor.subscription.plans.${plan}.name`)
  return (
    <Notice title={t('vendor.subscription.pending.title')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {t('vendor.subscription.pending.body', {
            plan: planName(requested),
            price: formatRwf(planDetails[requested].priceRwf),
            current: planName(profile.subscription.plan),
          })}
        </Text>
        <Button
          variant="default"
          size="xs"
          loading={withdraw.isPending}
          onClick={() => {
            feedback.clear()
            withdraw.mutate(undefined, {
              onSuccess: () =>
                feedback.success(t('vendor.subscription.withdrawn', { plan: planName(requested) })),
              onError: (error) =>
                feedback.error(t('vendor.subscription.withdrawFailed'), failureDetail(t, error)),
            })
          }}
        >
          {t('vendor.subscription.pending.withdraw')}
        </Button>
      </Stack>
    </Notice>
  )
}

function LaunchOffer() {
  const { t } = useTranslation()
  return (
    <Paper component="section" p="lg" radius="md" bg="cyan.0" withBorder aria-labelledby="launch-offer-title">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="md" color="cyan" aria-hidden>
          <IconGift size={26} />
        </ThemeIcon>
        <div>
          <Title order={2} size="h4" id="launch-offer-title">
            {t('vendor.subscription.launchOffer.title')}
          </Title>
          <Text mt={4}>
            {t('vendor.subscription.launchOffer.body', {
              plan: t('vendor.subscription.plans.starter.name'),
              price: formatRwf(planDetails.starter.priceRwf),
            })}
          </Text>
        </div>
      </Group>
    </Paper>
  )
}

const faq = ['refund', 'prorate', 'card', 'limit'] as const

function Faq() {
  const { t } = useTranslation()
  // The answers that name a plan name it in the reader's language.
  const params = {
    card: { plan: t('vendor.subscription.plans.starter.name') },
    limit: { plan: t('vendor.subscription.plans.unlimited.name') },
  } as Partial<Record<(typeof faq)[number], { plan: string }>>
  return (
    <section aria-labelledby="faq-title">
      <Title order={2} size="h4" mb="sm" id="faq-title">
        {t('vendor.subscription.faq.title')}
      </Title>
      <Accordion variant="separated" order={3} radius="md">
        {faq.map((entry) => (
          <Accordion.Item key={entry} value={entry}>
            <Accordion.Control>{t(`vendor.subscription.faq.${entry}Q`)}</Accordion.Control>
            <Accordion.Panel>{t(`vendor.subscription.faq.${entry}A`, { ...params[entry] })}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </section>
  )
}

function PlansSkeleton() {
  return (
    <Stack gap="md">
      <LoadingStatus />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-hidden>
        {plans.map((plan) => (
          <Skeleton key={plan} h={190} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
