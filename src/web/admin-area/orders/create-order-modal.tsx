import { useState, type ChangeEvent } from 'react'
import {
  Alert,
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { limits } from '../../../shared/constants'
import { formatRwf } from '../../../shared/money'
import { districtsByProvince, provinces } from '../../../shared/rwanda'
import {
  deliveryInput,
  deliveryLimits,
  readQuantity,
  type DeliveryInput,
  type ProductChoice,
} from '../../../shared/schemas/order'
import { useCreateOrder, useProductChoices } from '../../api/admin-orders'
import { describeAttributes } from '../../components/order-parts'
import { failureDetail } from '../../components/use-flash-message'
import { WideModal } from '../../components/details-modal'
import { messageText, type KeyPart } from '../../i18n/keys'
import { PhoneInput } from '../../components/phone-input'
import { ShopPicker } from './shop-picker'

type Draft = {
  vendorId: string | null
  productId: string | null
  variantId: string | null
  customerName: string
  customerEmail: string
  /** Exactly as typed: never rounded, bounded or stripped of its sign; what is not allowed is said, not changed. */
  quantity: string
} & Required<{ [Field in keyof DeliveryInput]: string }>

type DeliveryField = keyof DeliveryInput

const empty: Draft = {
  vendorId: null,
  productId: null,
  variantId: null,
  customerName: '',
  customerEmail: '',
  quantity: '1',
  customerPhone: '',
  deliveryDistrict: '',
  deliverySector: '',
  deliveryCell: '',
  deliveryAddress: '',
  deliveryNote: '',
}

/** The fields the order cannot be made without (admin §5 'Please fill in all required fields'). */
type RequiredField = 'vendorId' | 'productId' | 'variantId' | 'customerName' | 'customerEmail'

/** The required fields left empty, each to be marked beside itself: all of them at once, not the first. */
const missingFields = (draft: Draft): RequiredField[] =>
  (['vendorId', 'productId', 'variantId', 'customerName', 'customerEmail'] as const).filter((field) => {
    const value = draft[field]
    return value === null || value.trim() === ''
  })

/** The quantity's problem, as a message key with its params, or null: digits only, from 1, at most the stock. */
function quantityProblem(typed: string, stock: number | undefined) {
  const read = readQuantity(typed)
  if ('error' in read) return { key: read.error }
  if (stock !== undefined && read.quantity > stock) {
    return { key: 'orders.quantityOverStock', params: { available: stock } }
  }
  return null
}

/** The delivery fields' problems by field (the server's rules, shared/schemas/order.ts), as message keys. */
function deliveryProblems(draft: Draft): Partial<Record<DeliveryField, string>> {
  const parsed = deliveryInput.safeParse({
    customerPhone: draft.customerPhone,
    deliveryDistrict: draft.deliveryDistrict,
    deliverySector: draft.deliverySector,
    deliveryCell: draft.deliveryCell,
    deliveryAddress: draft.deliveryAddress,
    deliveryNote: draft.deliveryNote,
  })
  if (parsed.success) return {}
  const problems: Partial<Record<DeliveryField, string>> = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as DeliveryField
    problems[field] ??= issue.message
  }
  return problems
}

/** The districts by province, for the district's choice. */
const districtChoices = (t: TFunction) =>
  provinces.map((province) => ({
    group: t(`orders.delivery.provinces.${province}`),
    items: [...districtsByProvince[province]],
  }))

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
  /** The field problems show once the quantity was left or the form sent, and stay in step as it is corrected. */
  const [checked, setChecked] = useState({ quantity: false, all: false })
  const create = useCreateOrder()
  const products = useProductChoices(draft.vendorId)
  const product = products.data?.items.find((item) => item.id === draft.productId)
  const variant = product?.variants.find((item) => item.id === draft.variantId)
  const read = readQuantity(draft.quantity)
  const quantity = 'quantity' in read ? read.quantity : null
  const quantityError = quantityProblem(draft.quantity, variant?.stock)
  const deliveryErrors = deliveryProblems(draft)
  // Marked once the form was sent, and each cleared as soon as it is filled in.
  const missing = checked.all ? missingFields(draft) : []
  const requiredError = (field: RequiredField) => (missing.includes(field) ? t('errors.required') : undefined)

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
    error: requiredError(field),
    onChange: (event: ChangeEvent<HTMLInputElement>) => change({ [field]: event.currentTarget.value }),
  })

  const deliveryText = (field: DeliveryField, maxLength: number) => ({
    label: t(`admin.orders.create.${labelOf[field]}`),
    autoComplete: 'off',
    maxLength,
    value: draft[field],
    error: checked.all && deliveryErrors[field] ? messageText(t, deliveryErrors[field]) : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      change({ [field]: event.currentTarget.value }),
  })

  const close = () => {
    if (create.isPending) return
    setDraft(empty)
    setMessage(null)
    setChecked({ quantity: false, all: false })
    onClose()
  }

  const submit = () => {
    const { vendorId, productId, variantId } = draft
    const customerName = draft.customerName.trim()
    const customerEmail = draft.customerEmail.trim()
    setChecked({ quantity: true, all: true })
    if (!vendorId || !productId || !variantId || !customerName || !customerEmail) {
      return setMessage(t('orders.requiredFields'))
    }
    if (!variant) return setMessage(t('orders.variantNotFound'))
    if (quantityError || quantity === null || Object.keys(deliveryErrors).length > 0) return
    create.mutate(
      {
        vendorId,
        productId,
        variantId,
        customerName,
        customerEmail,
        quantity,
        customerPhone: draft.customerPhone,
        deliveryDistrict: draft.deliveryDistrict as DeliveryInput['deliveryDistrict'],
        deliverySector: draft.deliverySector,
        deliveryCell: draft.deliveryCell,
        deliveryAddress: draft.deliveryAddress,
        deliveryNote: draft.deliveryNote,
      },
      {
        onSuccess: () => {
          setDraft(empty)
          setChecked({ quantity: false, all: false })
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
            error={requiredError('vendorId')}
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
            error={requiredError('productId')}
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
            error={requiredError('variantId')}
            data={(product?.variants ?? []).map((item) => ({ value: item.id, label: variantLabel(t, item) }))}
            onChange={(variantId) => change({ variantId })}
          />
          <TextInput {...customerInput('customerName')} maxLength={limits.nameMax} />
          <TextInput {...customerInput('customerEmail')} type="email" maxLength={limits.emailMax} />
          {/* Typed as text: a number field would round, bound or drop a sign without saying so. */}
          <TextInput
            label={t('admin.orders.create.quantity')}
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            value={draft.quantity}
            onChange={(event) => change({ quantity: event.currentTarget.value })}
            onBlur={() => setChecked((current) => ({ ...current, quantity: true }))}
            description={variant ? t('admin.orders.create.inStock', { count: variant.stock }) : undefined}
            error={
              (checked.quantity || checked.all) && quantityError
                ? messageText(t, quantityError.key, quantityError.params)
                : undefined
            }
          />
          <Text aria-live="polite" fw={600}>
            {t('admin.orders.create.total', {
              total: formatRwf(quantityError || quantity === null ? 0 : (variant?.price ?? 0) * quantity),
            })}
          </Text>
          <Fieldset legend={t('admin.orders.create.deliveryTitle')} variant="unstyled">
            <Stack gap="sm">
              <PhoneInput
                label={t('admin.orders.create.customerPhone')}
                value={draft.customerPhone}
                autoComplete="off"
                error={
                  checked.all && deliveryErrors.customerPhone
                    ? messageText(t, deliveryErrors.customerPhone)
                    : undefined
                }
                onChange={(event) => change({ customerPhone: event.currentTarget.value })}
              />
              <Select
                label={t('admin.orders.create.district')}
                placeholder={t('admin.orders.create.districtPlaceholder')}
                searchable
                clearable
                data={districtChoices(t)}
                value={draft.deliveryDistrict || null}
                error={
                  checked.all && deliveryErrors.deliveryDistrict
                    ? messageText(t, deliveryErrors.deliveryDistrict)
                    : undefined
                }
                onChange={(district) => change({ deliveryDistrict: district ?? '' })}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput {...deliveryText('deliverySector', deliveryLimits.placeMax)} />
                <TextInput {...deliveryText('deliveryCell', deliveryLimits.placeMax)} />
              </SimpleGrid>
              <TextInput {...deliveryText('deliveryAddress', deliveryLimits.addressMax)} />
              <Textarea {...deliveryText('deliveryNote', deliveryLimits.noteMax)} autosize minRows={2} />
            </Stack>
          </Fieldset>
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

/** The delivery text fields' labels. */
const labelOf: Record<DeliveryField, KeyPart<'admin.orders.create'>> = {
  customerPhone: 'customerPhone',
  deliveryDistrict: 'district',
  deliverySector: 'sector',
  deliveryCell: 'cell',
  deliveryAddress: 'address',
  deliveryNote: 'deliveryNote',
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
