import { useState } from 'react'
import { Alert, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconAlertCircle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { categories, type Category } from '../../../shared/constants'
import { formatRwf } from '../../../shared/money'
import { moneyAmountMax, percentOf } from '../../../shared/schemas/commission'
import { useCommissionPreview } from '../../api/admin-money'
import { ExactNumberInput } from '../../components/exact-number-input'
import { FieldList } from '../../components/field-list'
import { SectionCard } from '../../components/section-card'
import { failureDetail } from '../../components/use-flash-message'
import { ShopPicker } from '../orders/shop-picker'
import { typedAmount, type Typed } from './form-values'
import { rateText, scopeText } from './rule-words'

/** A total the preview can ask about: whole francs, 0 or more. */
const wholeTotal = (value: Typed) => {
  const amount = typedAmount(value)
  return Number.isInteger(amount) && amount >= 0 && amount <= moneyAmountMax ? amount : null
}

/**
 * "Try a sale": a shop, a category and a total give the rule that applies and the commission, the VAT on it and
 * what the shop receives, computed by the server with the function a completing order calls, so the preview is
 * what the sale would post now. It follows what is typed (after a short pause).
 */
export function PreviewSection() {
  const { t } = useTranslation()
  const [shop, setShop] = useState<{ id: string; name: string } | null>(null)
  const [category, setCategory] = useState<Category | null>(null)
  const [amount, setAmount] = useState<Typed>('')
  const [typedTotal] = useDebouncedValue(amount, 300)
  const total = wholeTotal(typedTotal)
  const preview = useCommissionPreview(
    shop && total !== null ? { vendorId: shop.id, category, amount: total } : null,
  )
  const amountError =
    amount !== '' && wholeTotal(amount) === null ? t('errors.moneyAmountInvalid') : undefined
  const result = shop && total !== null ? preview.data : undefined

  return (
    <SectionCard id="commission-preview" title={t('money.preview.title')}>
      <Text size="sm" c="dimmed">
        {t('money.preview.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
        <ShopPicker
          label={t('money.preview.shop')}
          placeholder={t('money.rules.dialog.shopPlaceholder')}
          forSale={false}
          value={shop?.id ?? null}
          selectedName={shop?.name}
          onChange={(id, name) => setShop(id ? { id, name: name ?? '' } : null)}
        />
        <Select
          label={t('money.preview.category')}
          placeholder={t('money.preview.categoryPlaceholder')}
          clearable
          searchable
          value={category}
          onChange={(value) => setCategory(value as Category | null)}
          data={categories.map((name) => ({ value: name, label: t(`categories.${name}`) }))}
        />
        <ExactNumberInput
          label={t('money.preview.amount')}
          value={amount}
          onChange={setAmount}
          error={amountError}
        />
      </SimpleGrid>
      {/* Always in the page, so that each new answer is announced. */}
      <div aria-live="polite">
        {preview.isError && shop && total !== null ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {failureDetail(t, preview.error) ?? t('money.preview.failed')}
          </Alert>
        ) : result ? (
          <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-light)">
            <Stack gap="xs">
              <Text fw={600} size="sm">
                {t('money.preview.result')}
              </Text>
              <FieldList
                labelWidth={140}
                fields={[
                  {
                    label: t('money.preview.rule'),
                    value: result.rule
                      ? `${scopeText(t, result.rule)} · ${rateText(result.rule.rateBp)}${
                          result.rule.fixedAmount ? ` + ${formatRwf(result.rule.fixedAmount)}` : ''
                        }`
                      : t('money.preview.noRule'),
                  },
                  { label: t('money.preview.commission'), value: formatRwf(result.commission) },
                  {
                    label: t('money.preview.vat', { rate: percentOf(result.vatRateBp) }),
                    value: formatRwf(result.vat),
                  },
                  {
                    label: t('money.preview.receives'),
                    value: (
                      <Text span fw={700} size="sm">
                        {formatRwf(result.vendorReceives)}
                      </Text>
                    ),
                  },
                ]}
              />
            </Stack>
          </Paper>
        ) : (
          <Text size="sm" c="dimmed">
            {t('money.preview.choose')}
          </Text>
        )}
      </div>
    </SectionCard>
  )
}
