import { useState } from 'react'
import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { IconScale } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { formatRwf } from '../../../shared/money'
import {
  adjustmentAmountMax,
  adjustmentInput,
  adjustmentReasonMax,
  needsSecondAdmin,
} from '../../../shared/schemas/adjustment'
import { useAdjustments, useCreateAdjustment } from '../../api/admin-adjustments'
import { ConfirmModal } from '../../components/confirm-modal'
import { FlashAlert } from '../../components/flash-alert'
import { fieldError, serverFieldErrors, useFieldProps } from '../../components/form-errors'
import { DialogSection } from '../../components/section-card'
import { failureDetail, useFlashMessage } from '../../components/use-flash-message'
import { WholeNumberInput } from '../../components/whole-number-input'
import { AdjustmentItems, AdjustmentSummary, sizeOf } from './adjustment-parts'

const directions = ['credit', 'debit'] as const
type Values = { direction: (typeof directions)[number]; amount: number | ''; reason: string }

const amountInvalid = 'adjustments.amountInvalid'
/** The server's rules, as the form asks for them: a direction and a whole amount of at least 1 franc. */
const formRule = z.object({
  direction: z.enum(directions),
  amount: z
    .number({ error: amountInvalid })
    .int(amountInvalid)
    .min(1, amountInvalid)
    .max(adjustmentAmountMax, amountInvalid),
  reason: adjustmentInput.shape.reason,
})

const initialValues: Values = { direction: 'credit', amount: '', reason: '' }

/** How many of the shop's adjustments the section lists, newest first. */
const RECENT = 5

type Asked = { amount: number; reason: string }

/**
 * An admin credits or debits the shop's balance with the reason the shop reads (step 11). The confirmation states
 * the amount and whether it posts at once or waits for a second admin (above the operator's threshold); the
 * shop's latest adjustments follow, with where each stands.
 */
export function AdjustmentsSection({ vendorId, shopName }: { vendorId: string; shopName: string }) {
  const { t } = useTranslation()
  const recent = useAdjustments({ status: 'all', vendorId, page: 1, pageSize: RECENT })
  const create = useCreateAdjustment()
  const feedback = useFlashMessage()
  const [asking, setAsking] = useState<Asked | null>(null)
  const form = useForm<Values>({ initialValues, validate: schemaResolver(formRule, { sync: true }) })
  const field = useFieldProps(form)
  const threshold = recent.data?.approvalAbove

  const review = form.onSubmit((values) => {
    feedback.clear()
    const amount = Number(values.amount)
    setAsking({ amount: values.direction === 'credit' ? amount : -amount, reason: values.reason.trim() })
  })

  const confirm = ({ amount, reason }: Asked) =>
    create.mutate(
      { vendorId, amount, reason },
      {
        onSuccess: (adjustment) => {
          form.reset()
          const params = { amount: sizeOf(adjustment.amount), shop: shopName }
          feedback.success(
            adjustment.status === 'pending'
              ? t('adjustments.form.pending')
              : t(
                  adjustment.amount > 0 ? 'adjustments.form.postedCredit' : 'adjustments.form.postedDebit',
                  params,
                ),
          )
        },
        onError: (error) => {
          form.setErrors(serverFieldErrors(error))
          feedback.error(t('adjustments.form.failed'), failureDetail(t, error))
        },
        onSettled: () => setAsking(null),
      },
    )

  return (
    <DialogSection id={`adjustments-${vendorId}`} title={t('adjustments.form.title')}>
      {threshold !== undefined && (
        <Text size="sm">{t('adjustments.form.intro', { threshold: formatRwf(threshold) })}</Text>
      )}
      <form onSubmit={review} noValidate>
        <Stack gap="sm">
          <Radio.Group
            label={t('adjustments.form.direction')}
            required
            {...form.getInputProps('direction')}
            error={fieldError(t, form.errors.direction)}
          >
            <Stack gap="xs" mt={6}>
              {directions.map((direction) => (
                <Radio key={direction} value={direction} label={t(`adjustments.form.${direction}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <WholeNumberInput
            label={t('adjustments.form.amount')}
            description={t('adjustments.form.amountHint')}
            required
            min={1}
            max={adjustmentAmountMax}
            clampBehavior="none"
            {...field('amount')}
          />
          <Textarea
            label={t('adjustments.form.reason')}
            description={t('adjustments.form.reasonHint')}
            required
            autosize
            minRows={2}
            maxRows={6}
            {...field('reason', { max: adjustmentReasonMax })}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconScale size={18} aria-hidden />}
              w={{ base: '100%', xs: 'auto' }}
            >
              {t('adjustments.form.review')}
            </Button>
          </Group>
        </Stack>
      </form>
      <FlashAlert flash={feedback.flash} />
      <RecentAdjustments query={recent} />

      <ConfirmModal
        subject={asking}
        title={t('adjustments.form.confirmTitle')}
        confirmLabel={t('adjustments.form.confirm')}
        isPending={create.isPending}
        onClose={() => setAsking(null)}
        onConfirm={confirm}
      >
        {({ amount, reason }) => (
          <Stack gap="xs">
            <Text fw={600}>
              {t(amount > 0 ? 'adjustments.form.confirmCredit' : 'adjustments.form.confirmDebit', {
                amount: sizeOf(amount),
                shop: shopName,
              })}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {t('adjustments.form.confirmReason', { reason })}
            </Text>
            {threshold !== undefined && (
              <Text size="sm">
                {t(
                  needsSecondAdmin(amount, threshold)
                    ? 'adjustments.form.needsApproval'
                    : 'adjustments.form.postsNow',
                  {
                    threshold: formatRwf(threshold),
                  },
                )}
              </Text>
            )}
          </Stack>
        )}
      </ConfirmModal>
    </DialogSection>
  )
}

/** The shop's latest adjustments, newest first. */
function RecentAdjustments({ query }: { query: ReturnType<typeof useAdjustments> }) {
  const { t } = useTranslation()
  const id = 'adjustments-recent'
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Text component="h4" fw={600} size="sm" id={id}>
        {t('adjustments.history.title')}
      </Text>
      <AdjustmentItems query={query} texts="adjustments.history" skeletonHeight={64}>
        {(adjustment) => <AdjustmentSummary adjustment={adjustment} />}
      </AdjustmentItems>
    </Stack>
  )
}
