import { useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMediaQuery } from '@mantine/hooks'
import { IconAlertCircle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { categories, textMax, type Category, type Color, type Size } from '../../../shared/constants'
import type { ProductDto } from '../../../shared/schemas/product'
import { ApiError } from '../../api/client'
import { useCreateProduct, useReloadProduct, useUpdateProduct } from '../../api/products'
import { fieldError, tooLongText } from '../../components/form-errors'
import { failureDetail } from '../../components/use-flash-message'
import { ProductImagesField } from './product-images-field'
import {
  emptyProductValues,
  forcesVariants,
  isMissingColorOrSize,
  issuesToFields,
  missingRequired,
  needsVariants,
  productValues,
  toProductInput,
  validateProductInput,
  variantRows,
  type ProductFormValues,
  type VariantDraft,
  type VariantRow,
} from './product-form'
import { useProductImages } from './use-product-images'
import { VariantOptions } from './variant-options'
import { VariantsTable, type VariantField } from './variants-table'
import classes from './products.module.css'
import { paths } from '../../paths'
import { ExactNumberInput, typedNumber } from '../../components/exact-number-input'

/** Mantine's `sm` breakpoint (48em = 768 px): under it a phone, with the spec's mobile layout. */
export const phoneQuery = '(max-width: 47.99em)'

export type SavedProduct = { product: ProductDto; mode: 'create' | 'edit' }

/**
 * Add or edit a product (spec §2 "Product create/edit dialog", §5, §8). Full screen on a phone. Closing it
 * cancels uploads in flight; it cannot be closed while the save itself is under way.
 */
export function ProductDialog({
  opened,
  product,
  sessionKey,
  onClose,
  onSaved,
  onClosed,
}: {
  opened: boolean
  /** The product to edit; null adds a new one. */
  product: ProductDto | null
  /** A new key per opening, so each opening starts from the product as saved. */
  sessionKey: number
  onClose: () => void
  onSaved: (saved: SavedProduct) => void
  /** After the closing transition (focus has returned by then). */
  onClosed?: () => void
}) {
  const { t } = useTranslation()
  const isPhone = useMediaQuery(phoneQuery, false, { getInitialValueInEffect: false })
  const isSavingRef = useRef(false)
  // After a save refused as stale: the product as reloaded, for this opening only.
  const [reloaded, setReloaded] = useState<{ sessionKey: number; product: ProductDto; count: number } | null>(
    null,
  )
  const current = reloaded?.sessionKey === sessionKey ? reloaded : null
  const close = () => {
    if (!isSavingRef.current) onClose()
  }
  return (
    <Modal
      opened={opened}
      onClose={close}
      onExitTransitionEnd={onClosed}
      title={product ? t('vendor.products.dialog.editTitle') : t('vendor.products.dialog.createTitle')}
      fullScreen={isPhone}
      size="xl"
      // A click beside a long form must not throw away what was typed.
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <ProductForm
        key={`${sessionKey}-${current?.count ?? 0}`}
        product={current?.product ?? product}
        onReload={(fresh) => setReloaded({ sessionKey, product: fresh, count: (current?.count ?? 0) + 1 })}
        isPhone={isPhone}
        isSavingRef={isSavingRef}
        onCancel={close}
        onSaved={(saved) => {
          isSavingRef.current = false
          onSaved(saved)
        }}
      />
    </Modal>
  )
}

type Failure = { title: string; detail?: string; showUpgrade?: boolean; canReload?: boolean }
type Phase = 'idle' | 'uploading' | 'saving'

function ProductForm({
  product,
  isPhone,
  isSavingRef,
  onCancel,
  onSaved,
  onReload,
}: {
  product: ProductDto | null
  /** Starts the form again from the product as it now stands. */
  onReload: (fresh: ProductDto) => void
  isPhone: boolean
  isSavingRef: RefObject<boolean>
  onCancel: () => void
  onSaved: (saved: SavedProduct) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [failure, setFailure] = useState<Failure | null>(null)
  const form = useForm<ProductFormValues>({
    initialValues: product ? productValues(product) : emptyProductValues(),
    // A message about the last attempt goes once the form changes: it would otherwise outlive its cause.
    onValuesChange: () => setFailure(null),
  })
  const images = useProductImages(product)
  const create = useCreateProduct()
  const update = useUpdateProduct()
  const [phase, setPhase] = useState<Phase>('idle')
  const reloadProduct = useReloadProduct()
  const reload = async (productId: string) => {
    try {
      onReload(await reloadProduct(productId))
    } catch {
      setFailure({ title: t('vendor.products.loadFailed') })
    }
  }

  const values = form.getValues()
  const withVariants = needsVariants(values)
  const rows = variantRows(values)
  const isColorOrSizeMissing = isMissingColorOrSize(values)
  const isWorking = phase !== 'idle'
  const isUploading = images.isUploading || phase === 'uploading'
  // Spec: Save is disabled while saving or uploading, or while the colour-and-size rule is unmet.
  const isSaveBlocked = isWorking || images.isUploading || isColorOrSizeMissing
  // The colour-and-size rule is said once, beside the colours and sizes; Save points at it instead of repeating it.
  const blockedReason = isUploading
    ? t('vendor.products.dialog.uploadingImages')
    : phase === 'saving'
      ? t('vendor.products.dialog.saving')
      : null
  const colorSizeErrorId = `${id}-color-size`
  const blockedReasonId = `${id}-blocked`
  const errors = Object.fromEntries(
    Object.entries(form.errors).map(([path, key]) => [path, fieldError(t, key)]),
  ) as Record<string, string | undefined>

  // Text over a field's limit is kept as typed and said to be too long, with its length, as it is typed.
  const nameTooLong = tooLongText(t, values.name, textMax.productName)
  const descriptionTooLong = tooLongText(t, values.description, textMax.productDescription)

  /** On leaving a price or a stock: the shared rule's word on that one field, or none if it is right now. */
  const checkField = (path: string) => {
    const current = form.getValues()
    const currentRows = variantRows(current)
    const [head, key, field] = path.split('.')
    const value =
      head === 'variants'
        ? currentRows.find((row) => row.key === key)?.[field as VariantField]
        : current.price
    // An empty field is said to be missing on Save, with the others; here only a wrong value is pointed out.
    const problem =
      value === '' ? undefined : validateProductInput(toProductInput(current, []), currentRows)[path]
    if (problem) form.setFieldError(path, problem)
    else form.clearFieldError(path)
  }

  const setVariant = (key: string, field: VariantField, value: number | '') => {
    const current: VariantDraft = form.getValues().variants[key] ?? { price: null, stock: 100 }
    form.setFieldValue(`variants.${key}`, { ...current, [field]: value })
    form.clearFieldError(`variants.${key}.${field}`)
  }

  const focusFirstInvalid = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())

  const fail = (next: Failure) => {
    setPhase('idle')
    isSavingRef.current = false
    setFailure(next)
  }

  const saveFailure = (error: unknown, currentRows: VariantRow[]): Failure => {
    if (!(error instanceof ApiError)) return { title: t('vendor.products.saveFailed') }
    const fields = issuesToFields(
      Object.entries(error.fields ?? {}).map(([path, message]) => ({ path: path.split('.'), message })),
      currentRows,
    )
    if (error.messageKey === 'products.nameTaken') fields.name ??= 'products.nameTaken'
    if (error.messageKey === 'uploads.notFound') fields.images ??= 'uploads.notFound'
    if (Object.keys(fields).length) {
      form.setErrors(fields)
      focusFirstInvalid()
    }
    switch (error.messageKey) {
      case 'products.planLimit':
        return { title: t('products.planLimit', { ...error.params }), showUpgrade: true }
      case 'vendor.notRegistered':
        return { title: t('vendor.products.vendorMissing') }
      case 'products.variantsMismatch':
        return { title: t('products.variantsMismatch') }
      // Another edit, or an order that took stock, since the form opened: saving would write old figures back.
      case 'products.staleVersion':
        return { title: t('products.staleVersion'), canReload: true }
      // The server says errors.notFound for a product that is not (or no longer) this vendor's.
      case 'errors.notFound':
        return product ? { title: t('vendor.products.notFound') } : { title: t('vendor.products.saveFailed') }
      default:
        return { title: t('vendor.products.saveFailed'), detail: failureDetail(t, error) }
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (isSaveBlocked) return
    setFailure(null)
    const current = form.getValues()
    const missing = missingRequired(current)
    const currentRows = variantRows(current)
    // The shared rule first (prices, stock, lengths): nothing is uploaded for a form the server would refuse
    // anyway. Every missing field and every wrong one is marked at once, not only the first.
    const problems = {
      ...validateProductInput(toProductInput(current, []), currentRows),
      ...Object.fromEntries(missing.map((field) => [field, 'errors.required'])),
    }
    if (Object.keys(problems).length) {
      form.setErrors(problems)
      focusFirstInvalid()
      return setFailure({ title: missing.length ? t('products.requiredFields') : t('errors.validation') })
    }

    setPhase('uploading')
    // Spec §2: new or replaced pictures are stored first, then the product; any upload failure stops here.
    const imageIds = await images.settle()
    if (!imageIds) return fail({ title: t('vendor.products.uploadFailed') })

    // From here the request is on its way: the dialog stays open until the server answers.
    isSavingRef.current = true
    setPhase('saving')
    const input = { ...toProductInput(current, imageIds), ...(product ? { version: product.version } : {}) }
    const handlers = {
      onSuccess: (saved: ProductDto) => onSaved({ product: saved, mode: product ? 'edit' : 'create' }),
      onError: (error: unknown) => fail(saveFailure(error, currentRows)),
    } as const
    if (product) update.mutate({ id: product.id, input }, handlers)
    else create.mutate(input, handlers)
  }

  const categoryData = categories.map((category) => ({
    value: category,
    label: t(`categories.${category}`),
  }))

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('vendor.products.fields.name')}
            required
            data-autofocus
            {...form.getInputProps('name')}
            error={nameTooLong ?? errors.name}
          />
          <Select
            label={t('vendor.products.fields.category')}
            placeholder={t('vendor.products.fields.categoryPlaceholder')}
            required
            searchable
            data={categoryData}
            nothingFoundMessage={t('vendor.products.fields.categoryNothingFound')}
            maxDropdownHeight={280}
            value={values.category}
            onChange={(value) => form.setFieldValue('category', value as Category | null)}
            error={errors.category}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>

        <ExactNumberInput
          label={t('vendor.products.fields.price')}
          description={t('vendor.products.fields.priceHint')}
          required
          maw={{ base: '100%', sm: 320 }}
          value={values.price}
          onChange={(value) => {
            form.setFieldValue('price', typedNumber(value))
            form.clearFieldError('price')
          }}
          onBlur={() => checkField('price')}
          error={errors.price}
        />

        <Textarea
          label={t('vendor.products.fields.description')}
          description={t('vendor.products.fields.descriptionHint')}
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('description')}
          error={descriptionTooLong ?? errors.description}
        />

        <ProductImagesField images={images} disabled={phase === 'saving'} error={errors.images} />

        <Checkbox
          label={t('vendor.products.fields.hasVariants')}
          description={
            forcesVariants(values.category)
              ? t('vendor.products.fields.hasVariantsForced')
              : t('vendor.products.fields.hasVariantsHint')
          }
          // Clothes and Shoes always have them: the box shows ticked and cannot be unticked.
          checked={withVariants}
          disabled={forcesVariants(values.category)}
          onChange={(event) => form.setFieldValue('hasVariants', event.currentTarget.checked)}
        />

        {withVariants && (
          <VariantOptions
            selectedColors={values.colors}
            selectedSizes={values.sizes}
            onColorsChange={(next: Color[]) => form.setFieldValue('colors', next)}
            onSizesChange={(next: Size[]) => form.setFieldValue('sizes', next)}
            error={isColorOrSizeMissing ? t('products.colorAndSizeRequired') : errors.colors}
            errorId={colorSizeErrorId}
          />
        )}

        <section aria-labelledby={`${id}-variants`}>
          <Group justify="space-between" align="baseline" gap="xs" mb={4}>
            <Title order={3} size="h5" id={`${id}-variants`}>
              {t('vendor.products.variants.title')}
            </Title>
            {!isColorOrSizeMissing && (
              <Text size="sm" c="dimmed">
                {t('vendor.products.variants.count', { count: rows.length })}
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed" mb="xs">
            {withVariants
              ? t('vendor.products.variants.hintWithOptions')
              : t('vendor.products.variants.hintDefault')}
          </Text>
          {isColorOrSizeMissing ? (
            <Text size="sm" c="dimmed">
              {t('vendor.products.variants.pickBoth')}
            </Text>
          ) : (
            <VariantsTable
              rows={rows}
              errors={errors}
              onChange={setVariant}
              onBlur={(key, field) => checkField(`variants.${key}.${field}`)}
              isStacked={isPhone}
              disabled={phase === 'saving'}
            />
          )}
        </section>

        <div className={classes.footer}>
          {/* Live regions stay in the page while empty, so what appears in them is announced. */}
          <div aria-live="polite">
            {failure && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle aria-hidden />}
                role="alert"
                title={failure.detail || failure.showUpgrade ? failure.title : undefined}
                p="xs"
                mb="xs"
              >
                {failure.showUpgrade ? (
                  <Anchor component={Link} to={paths.vendor.subscription} size="sm" fw={600}>
                    {t('vendor.products.limit.upgrade')}
                  </Anchor>
                ) : failure.canReload && product ? (
                  <Group gap="sm" wrap="wrap">
                    <Text size="sm">{failure.title}</Text>
                    <Button size="xs" variant="white" color="red" onClick={() => void reload(product.id)}>
                      {t('vendor.products.reload')}
                    </Button>
                  </Group>
                ) : (
                  <Text size="sm">{failure.detail ?? failure.title}</Text>
                )}
              </Alert>
            )}
          </div>
          {/* Why Save is unavailable, or what it is doing: said as it changes, and describing Save itself. */}
          <div aria-live="polite" id={blockedReasonId}>
            {blockedReason && (
              <Text size="sm" c="dimmed" ta="end" mb="xs">
                {blockedReason}
              </Text>
            )}
          </div>
          <Group justify="flex-end" gap="sm" wrap="nowrap">
            <Button variant="default" onClick={onCancel} disabled={phase === 'saving'}>
              {t('actions.cancel')}
            </Button>
            {/*
              aria-disabled rather than disabled: the button keeps focus while the save runs (a disabled one drops
              it to the page), and a screen reader hears it is unavailable and, from its description, why.
            */}
            <Button
              type="submit"
              aria-disabled={isSaveBlocked || undefined}
              data-disabled={isSaveBlocked || undefined}
              aria-describedby={
                isColorOrSizeMissing ? `${blockedReasonId} ${colorSizeErrorId}` : blockedReasonId
              }
              leftSection={isWorking ? <Loader size={16} color="gray" aria-hidden /> : undefined}
            >
              {t('vendor.products.dialog.save')}
            </Button>
          </Group>
        </div>
      </Stack>
    </form>
  )
}
