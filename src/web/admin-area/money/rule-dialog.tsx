import { useEffect } from 'react'
import { Alert, Button, Group, Modal, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMediaQuery } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { categories, plans, type Category, type Plan } from '../../../shared/constants'
import {
  commissionRuleInput,
  commissionRuleUpdate,
  commissionScopes,
  percentOf,
  type CommissionRuleDto,
  type CommissionRuleInput,
  type CommissionRuleUpdate,
  type CommissionScope,
} from '../../../shared/schemas/commission'
import { useCreateCommissionRule, useUpdateCommissionRule } from '../../api/admin-money'
import { ExactNumberInput } from '../../components/exact-number-input'
import { FlashAlert } from '../../components/flash-alert'
import { fieldError, serverFieldErrors, useFieldProps } from '../../components/form-errors'
import { failureDetail, useFlashMessage } from '../../components/use-flash-message'
import { ShopPicker } from '../orders/shop-picker'
import { fieldErrors, optionalAmount, renamed, typedBasisPoints, type Typed } from './form-values'
import { scopeText } from './rule-words'

type Values = {
  scope: CommissionScope
  vendorId: string | null
  shopName: string | null
  category: Category | null
  plan: Plan | null
  ratePercent: Typed
  fixedAmount: Typed
  minAmount: Typed
  maxAmount: Typed
}

const blank: Values = {
  scope: 'default',
  vendorId: null,
  shopName: null,
  category: null,
  plan: null,
  ratePercent: '',
  fixedAmount: '',
  minAmount: '',
  maxAmount: '',
}

const valuesOf = (rule: CommissionRuleDto): Values => ({
  scope: rule.scope,
  vendorId: rule.vendorId,
  shopName: rule.shopName,
  category: rule.category,
  plan: rule.plan,
  ratePercent: percentOf(rule.rateBp),
  fixedAmount: rule.fixedAmount,
  minAmount: rule.minAmount ?? '',
  maxAmount: rule.maxAmount ?? '',
})

/** The API's name of the rate, which the form holds as a percentage. */
const formNames = { rateBp: 'ratePercent' }

const amountsOf = (values: Values): Required<CommissionRuleUpdate> => ({
  rateBp: typedBasisPoints(values.ratePercent),
  // An empty fixed amount is none: 0.
  fixedAmount: values.fixedAmount === '' ? 0 : (optionalAmount(values.fixedAmount) ?? 0),
  minAmount: optionalAmount(values.minAmount),
  maxAmount: optionalAmount(values.maxAmount),
})

/** A new rule: its scope with only the fields that scope names, and the amounts. */
function inputOf(values: Values): CommissionRuleInput {
  const amounts = amountsOf(values)
  // A choice left empty goes as it is, for the shared rule to say which one is missing.
  const vendorId = values.vendorId as string
  const category = values.category as Category
  switch (values.scope) {
    case 'default':
      return { scope: 'default', ...amounts }
    case 'plan':
      return { scope: 'plan', plan: values.plan as Plan, ...amounts }
    case 'category':
      return { scope: 'category', category, ...amounts }
    case 'shop':
      return { scope: 'shop', vendorId, ...amounts }
    case 'shopCategory':
      return { scope: 'shopCategory', vendorId, category, ...amounts }
  }
}

const needsShop = (scope: CommissionScope) => scope === 'shop' || scope === 'shopCategory'
const needsCategory = (scope: CommissionScope) => scope === 'category' || scope === 'shopCategory'

/**
 * Add a rule (`rule` null: its scope chosen here, a shop found by typing its name) or change one's amounts (its
 * scope stays: another scope is another rule). The amounts are checked by the server's own rule as typed.
 */
export function RuleDialog({
  opened,
  rule,
  onClose,
  onSaved,
}: {
  opened: boolean
  /** The rule to change; null to add one. */
  rule: CommissionRuleDto | null
  onClose: () => void
  onSaved: (message: string) => void
}) {
  const { t } = useTranslation()
  const isPhone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false })
  const create = useCreateCommissionRule()
  const update = useUpdateCommissionRule()
  const feedback = useFlashMessage()
  const isSaving = create.isPending || update.isPending
  const form = useForm<Values>({
    initialValues: blank,
    validate: (values) =>
      rule
        ? fieldErrors(commissionRuleUpdate.safeParse(amountsOf(values)), formNames)
        : fieldErrors(commissionRuleInput.safeParse(inputOf(values)), formNames),
  })
  const field = useFieldProps(form)

  // Each opening starts afresh: from the rule being changed, or from a blank rule.
  useEffect(() => {
    if (!opened) return
    const start = rule ? valuesOf(rule) : blank
    form.setInitialValues(start)
    form.setValues(start)
    form.clearErrors()
    feedback.clear()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens, or for another rule
  }, [opened, rule?.id])

  const close = () => !isSaving && onClose()
  const failed = (error: unknown) => {
    form.setErrors(renamed(serverFieldErrors(error), formNames))
    feedback.error(t('money.rules.dialog.failed'), failureDetail(t, error))
  }

  const submit = form.onSubmit((values) => {
    feedback.clear()
    if (rule) {
      update.mutate(
        { id: rule.id, input: amountsOf(values) },
        { onSuccess: () => onSaved(t('money.rules.dialog.saved')), onError: failed },
      )
    } else {
      create.mutate(inputOf(values), {
        onSuccess: () => onSaved(t('money.rules.dialog.added')),
        onError: failed,
      })
    }
  })

  const { scope } = form.values
  const wholeError = fieldError(t, form.errors._)
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        rule
          ? t('money.rules.dialog.editTitle', { scope: scopeText(t, rule) })
          : t('money.rules.dialog.addTitle')
      }
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {rule ? (
            <Text size="sm" c="dimmed">
              {t('money.rules.dialog.scopeFixed')}
            </Text>
          ) : (
            <>
              <Radio.Group
                label={t('money.rules.dialog.scope')}
                value={scope}
                onChange={(value) => form.setFieldValue('scope', value as CommissionScope)}
                error={field('scope').error}
              >
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
                  {commissionScopes.map((option) => (
                    <Radio key={option} value={option} label={t(`money.rules.scopes.${option}`)} />
                  ))}
                </SimpleGrid>
              </Radio.Group>
              {scope === 'plan' && (
                <Select
                  label={t('money.rules.dialog.plan')}
                  placeholder={t('money.rules.dialog.planPlaceholder')}
                  required
                  data={plans.map((plan) => ({ value: plan, label: t(`admin.vendors.plans.${plan}`) }))}
                  {...field('plan')}
                />
              )}
              {needsShop(scope) && (
                <ShopPicker
                  label={t('money.rules.dialog.shop')}
                  placeholder={t('money.rules.dialog.shopPlaceholder')}
                  required
                  forSale={false}
                  value={form.values.vendorId}
                  selectedName={form.values.shopName ?? undefined}
                  onChange={(vendorId, shopName) => form.setValues({ vendorId, shopName })}
                  error={field('vendorId').error}
                />
              )}
              {needsCategory(scope) && (
                <Select
                  label={t('money.rules.dialog.category')}
                  placeholder={t('money.rules.dialog.categoryPlaceholder')}
                  required
                  searchable
                  data={categories.map((category) => ({
                    value: category,
                    label: t(`categories.${category}`),
                  }))}
                  {...field('category')}
                />
              )}
            </>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
            <ExactNumberInput
              label={t('money.rules.dialog.rate')}
              description={t('money.rules.dialog.rateHint')}
              required
              data-autofocus={rule ? true : undefined}
              {...field('ratePercent')}
            />
            <ExactNumberInput
              label={t('money.rules.dialog.fixed')}
              description={t('money.rules.dialog.fixedHint')}
              {...field('fixedAmount')}
            />
            <ExactNumberInput label={t('money.rules.dialog.min')} {...field('minAmount')} />
            <ExactNumberInput label={t('money.rules.dialog.max')} {...field('maxAmount')} />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('money.rules.dialog.boundsHint')} {t('money.rules.dialog.frozen')}
          </Text>
          {wholeError && (
            <Alert color="red" variant="light" role="alert">
              {wholeError}
            </Alert>
          )}
          <FlashAlert flash={feedback.flash} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={isSaving}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSaving}>
              {t('money.rules.dialog.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
