import { useState, type ChangeEvent } from 'react'
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { limits } from '../../../shared/constants'
import { formatRwf } from '../../../shared/money'
import type { ProductChoice } from '../../../shared/schemas/order'
import { useCreateOrder, useProductChoices } from '../../api/admin-orders'
import { describeAttributes } from '../../components/order-parts'
import { failureDetail } from '../../components/use-flash-message'
import { WideModal } from '../../components/details-modal'
import { WholeNumberInput } from '../../components/whole-number-input'
import { ShopPicker } from './shop-picker'

type Draft = {
  vendorId: string | null
  productId: string | null
  variantId: string | null
  customerName: string
  customerEmail: string
  /** As typed: the specification takes anything that is not a number as 1. */
  quantity: string | number
}

const empty: Draft = {
  vendorId: null,
  productId: null,
  variantId: null,
  customerName: '',
  customerEmail: '',
  quantity: 1,
}

/** Specification §5: at least 1, and 1 when the field does not hold a number. */
const quantityOf = (value: string | number) => {
  const number = typeof value === 'number' ? value : Number.parseInt(value, 10)
  return Number.isFinite(number) && number >= 1 ? Math.floor(number) : 1
}

/**
 * "Create order" (admin §5): a shop (approved, by name), one of its approved products, a variant, the customer
 * and a quantity; the total is the variant's price × quantity. The server checks it all again and takes the
 * stock atomically (README: deliberate divergences), so two admins cannot sell the same last piece.
 */
export function CreateOrderModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean
  onClose: () => void
  onCreated: () => void
}) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<Draft>(empty)
  const [message, setMessage] = useState<string | null>(null)
  const create = useCreateOrder()
  const products = useProductChoices(draft.vendorId)
  const product = products.data?.items.find((item) => item.id === draft.productId)
  const variant = product?.variants.find((item) => item.id === draft.variantId)
  const quantity = quantityOf(draft.quantity)

  const change = (next: Partial<Draft>) => {
    setMessage(null)
    setDraft((current) => ({ ...current, ...next }))
  }

  // The customer's name and e-mail: typed as given (trimmed when sent), never filled in by the browser.
  const customerInput = (field: 'customerName' | 'customerEmail') => ({
    label: t(`admin.orders.create.${field}`),
    required: true,
    autoComplete: 'off',
    value: draft[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => change({ [field]: event.currentTarget.value }),
  })

  const close = () => {
    if (create.isPending) return
    setDraft(empty)
    setMessage(null)
    onClose()
  }

  const submit = () => {
    const { vendorId, productId, variantId } = draft
    const customerName = draft.customerName.trim()
    const customerEmail = draft.customerEmail.trim()
    if (!vendorId || !productId || !variantId || !customerName || !customerEmail) {
      return setMessage(t('orders.requiredFields'))
    }
    if (!variant) return setMessage(t('orders.variantNotFound'))
    create.mutate(
      { vendorId, productId, variantId, customerName, customerEmail, quantity },
      {
        onSuccess: () => {
          setDraft(empty)
          onClose()
          onCreated()
        },
        // What the server refused ('Insufficient stock. Available: 2, Requested: 5'), else 'Failed to create order'.
        onError: (error) => setMessage(failureDetail(t, error) ?? t('admin.orders.create.failed')),
      },
    )
  }

  return (
    <WideModal opened={opened} onClose={close} title={t('admin.orders.create.title')} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <Stack gap="md">
          <ShopPicker
            label={t('admin.orders.create.vendor')}
            placeholder={t('admin.orders.create.vendorPlaceholder')}
            required
            forSale
            value={draft.vendorId}
            onChange={(vendorId) => change({ vendorId, productId: null, variantId: null })}
          />
          <Select
            label={t('admin.orders.create.product')}
            placeholder={
              draft.vendorId
                ? t('admin.orders.create.productPlaceholder')
                : t('admin.orders.create.vendorFirst')
            }
            required
            searchable
            disabled={!draft.vendorId}
            value={draft.productId}
            data={(products.data?.items ?? []).map((item) => ({ value: item.id, label: item.name }))}
            nothingFoundMessage={
              products.isFetching ? t('admin.orders.shops.loading') : t('admin.orders.create.noProducts')
            }
            onChange={(productId) => change({ productId, variantId: null })}
          />
          <Select
            label={t('admin.orders.create.variant')}
            placeholder={t('admin.orders.create.variantPlaceholder')}
            required
            disabled={!product}
            value={draft.variantId}
            data={(product?.variants ?? []).map((item) => ({ value: item.id, label: variantLabel(t, item) }))}
            onChange={(variantId) => change({ variantId })}
          />
          <TextInput {...customerInput('customerName')} maxLength={limits.nameMax} />
          <TextInput {...customerInput('customerEmail')} type="email" maxLength={limits.emailMax} />
          <WholeNumberInput
            label={t('admin.orders.create.quantity')}
            min={1}
            max={variant?.stock}
            value={draft.quantity}
            onChange={(value) => change({ quantity: value })}
            description={variant ? t('admin.orders.create.inStock', { count: variant.stock }) : undefined}
          />
          <Text aria-live="polite" fw={600}>
            {t('admin.orders.create.total', { total: formatRwf((variant?.price ?? 0) * quantity) })}
          </Text>
          {message && (
            <Alert color="red" role="alert">
              {message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('admin.orders.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </WideModal>
  )
}

/** "SKU · Color: Red · Size: M · RWF 9,000 · 4 in stock". */
function variantLabel(t: TFunction, variant: ProductChoice['variants'][number]) {
  const attributes = describeAttributes(t, variant.attributes)
  return [
    variant.sku,
    attributes,
    formatRwf(variant.price),
    t('admin.orders.create.inStock', { count: variant.stock }),
  ]
    .filter(Boolean)
    .join(' · ')
}
