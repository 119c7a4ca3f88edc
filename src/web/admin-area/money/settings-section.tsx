import { Button, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import {
  marketplaceNameMax,
  moneySettingsInput,
  percentOf,
  type MoneySettingsDto,
  type MoneySettingsInput,
} from '../../../shared/schemas/commission'
import { useMoneySettings, useSaveMoneySettings } from '../../api/admin-money'
import { ExactNumberInput } from '../../components/exact-number-input'
import { FlashAlert } from '../../components/flash-alert'
import { serverFieldErrors, useFieldProps } from '../../components/form-errors'
import { useFormatDateTime } from '../../components/format-date-time'
import { LoadErrorAlert } from '../../components/load-error-alert'
import { LoadingStatus } from '../../components/loading-status'
import { SectionCard } from '../../components/section-card'
import { TinInput } from '../../components/tin-input'
import { failureDetail, useFlashMessage } from '../../components/use-flash-message'
import {
  fieldErrors,
  optionalAmount,
  renamed,
  typedAmount,
  typedBasisPoints,
  type Typed,
} from './form-values'

/** The form's fields, as typed: the VAT as a percentage, amounts in francs, an empty TIN for none. */
type Values = {
  vatPercent: Typed
  holdDays: Typed
  debtLimit: Typed
  approvalAbove: Typed
  payoutApprovalAbove: Typed
  lowFloatBelow: Typed
  marketplaceName: string
  marketplaceTin: string
}

/**
 * The figures, in the form's order, each with the key of its label (and of its hint, `<key>Hint`). All are required
 * but the debt limit, which left empty means none.
 */
const figureFields = [
  { name: 'vatPercent', text: 'money.settings.vatRate' },
  { name: 'holdDays', text: 'money.settings.holdDays' },
  { name: 'debtLimit', text: 'money.settings.debtLimit' },
  { name: 'approvalAbove', text: 'money.settings.approvalAbove' },
  { name: 'payoutApprovalAbove', text: 'mobileMoney.settings.payoutApprovalAbove' },
  { name: 'lowFloatBelow', text: 'mobileMoney.settings.lowFloatBelow' },
] as const satisfies readonly { name: keyof Values; text: string }[]

/** The API's names of the fields the form names otherwise. */
const formNames: Record<string, keyof Values> = {
  vatRateBp: 'vatPercent',
  adjustmentApprovalAbove: 'approvalAbove',
}

const valuesOf = (settings: MoneySettingsDto): Values => ({
  vatPercent: percentOf(settings.vatRateBp),
  holdDays: settings.holdDays,
  debtLimit: settings.debtLimit ?? '',
  approvalAbove: settings.adjustmentApprovalAbove,
  payoutApprovalAbove: settings.payoutApprovalAbove,
  lowFloatBelow: settings.lowFloatBelow,
  marketplaceName: settings.marketplaceName,
  marketplaceTin: settings.marketplaceTin ?? '',
})

const inputOf = (values: Values): MoneySettingsInput => ({
  vatRateBp: typedBasisPoints(values.vatPercent),
  holdDays: typedAmount(values.holdDays),
  debtLimit: optionalAmount(values.debtLimit),
  adjustmentApprovalAbove: typedAmount(values.approvalAbove),
  payoutApprovalAbove: typedAmount(values.payoutApprovalAbove),
  lowFloatBelow: typedAmount(values.lowFloatBelow),
  marketplaceName: values.marketplaceName,
  marketplaceTin: values.marketplaceTin.trim() === '' ? null : values.marketplaceTin.trim(),
})

/** The marketplace's money settings: loading, a failure with Retry, or the form. */
export function SettingsSection() {
  const { t } = useTranslation()
  const settings = useMoneySettings()
  return (
    <SectionCard id="money-settings" title={t('money.settings.title')}>
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <LoadErrorAlert title={t('money.settings.loadFailed')} query={settings} />
      ) : (
        <>
          <LoadingStatus />
          <SimpleGrid cols={{ base: 1, sm: 2 }} aria-hidden>
            {Array.from({ length: 8 }, (_, index) => (
              <Skeleton key={index} h={58} />
            ))}
          </SimpleGrid>
        </>
      )}
    </SectionCard>
  )
}

/**
 * The settings as a form, checked by the server's own rule as typed (a VAT of 18.555% or a hold of -1 is said to
 * be wrong beside its field, never rounded or clamped). A new rate or hold applies to sales completed from then on.
 */
function SettingsForm({ settings }: { settings: MoneySettingsDto }) {
  const { t } = useTranslation()
  const formatDateTime = useFormatDateTime()
  const save = useSaveMoneySettings()
  const feedback = useFlashMessage()
  const form = useForm<Values>({
    initialValues: valuesOf(settings),
    validate: (values) => fieldErrors(moneySettingsInput.safeParse(inputOf(values)), formNames),
  })
  const field = useFieldProps(form)

  const submit = form.onSubmit((values) => {
    feedback.clear()
    save.mutate(inputOf(values), {
      onSuccess: (saved) => {
        form.setInitialValues(valuesOf(saved))
        form.setValues(valuesOf(saved))
        feedback.success(t('money.settings.saved'))
      },
      onError: (error) => {
        form.setErrors(renamed(serverFieldErrors(error), formNames))
        feedback.error(t('money.settings.saveFailed'), failureDetail(t, error))
      },
    })
  })

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {figureFields.map(({ name, text }) => (
            <ExactNumberInput
              key={name}
              label={t(text)}
              description={t(`${text}Hint`)}
              required={name !== 'debtLimit'}
              {...field(name)}
            />
          ))}
          <TextInput
            label={t('money.settings.name')}
            required
            autoComplete="organization"
            {...field('marketplaceName', { max: marketplaceNameMax })}
          />
          <TinInput
            label={t('money.settings.tin')}
            description={t('money.settings.tinHint')}
            {...field('marketplaceTin')}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('money.settings.appliesFromNow')}
        </Text>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="xs" c="dimmed">
            {settings.updatedByName
              ? t('money.settings.lastChanged', {
                  date: formatDateTime(settings.updatedAt),
                  name: settings.updatedByName,
                })
              : t('money.settings.neverChanged')}
          </Text>
          <Button type="submit" loading={save.isPending}>
            {t('money.settings.save')}
          </Button>
        </Group>
        <FlashAlert flash={feedback.flash} />
      </Stack>
    </form>
  )
}
