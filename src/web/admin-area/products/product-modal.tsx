import { useRef, useState } from 'react'
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import { IconCheck, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { AdminProductDto } from '../../../shared/schemas/product'
import { useAdminProduct } from '../../api/admin-products'
import { FieldList } from '../../components/field-list'
import { FlashAlert } from '../../components/flash-alert'
import { DialogSection } from '../../components/section-card'
import { FocusHeading } from '../../components/focus-heading'
import { DetailsModal, DetailsPending } from '../../components/details-modal'
import { DateText } from '../../components/date-text'
import { Money } from '../../components/money'
import { ReasonField } from '../../components/reason-dialog'
import { StatusBadge } from '../../components/status-badge'
import { useFlashMessage } from '../../components/use-flash-message'
import { ProductShortId } from './product-list'
import { categoryLabel, shortId, variantLabel } from './product-text'
import type { useProductDecisions } from './use-product-decisions'

type Decisions = ReturnType<typeof useProductDecisions>

/**
 * The details dialog (admin §2): name, description, category, status with Approve and Reject, shop, variants
 * and images. Full screen on a phone. The last product stays in it while it fades out.
 */
export function ProductModal({
  productId,
  decisions,
  onClose,
}: {
  productId: string | null
  decisions: Decisions
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <DetailsModal id={productId} title={t('admin.products.details.title')} onClose={onClose}>
      {(id, isPhone) => <ProductView id={id} decisions={decisions} isPhone={isPhone} />}
    </DetailsModal>
  )
}

function ProductView({ id, decisions, isPhone }: { id: string; decisions: Decisions; isPhone: boolean }) {
  const { t } = useTranslation()
  const query = useAdminProduct(id)
  const product = query.data
  if (!product) return <DetailsPending query={query} failedTitle={t('admin.products.details.loadFailed')} />
  return (
    <Stack gap="md">
      <div>
        <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {product.name}
        </Text>
        <ProductShortId product={product} />
      </div>
      <DialogSection id="product-details" title={t('admin.products.details.about')}>
        <FieldList
          labelWidth={130}
          fields={[
            { label: t('admin.products.columns.category'), value: categoryLabel(t, product.category) },
            {
              label: t('admin.products.columns.vendor'),
              value: (
                <>
                  {product.vendor.shopName}
                  <Text span size="sm" c="dimmed">
                    {' · '}
                    {t('admin.products.details.shopStatus', { status: t(`status.${product.vendor.status}`) })}
                  </Text>
                </>
              ),
            },
            {
              label: t('admin.products.columns.created'),
              value: <DateText value={product.createdAt} />,
            },
          ]}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('admin.products.details.description')}
          </Text>
          {product.description ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {product.description}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('admin.products.details.noDescription')}
            </Text>
          )}
        </div>
      </DialogSection>
      <DecisionSection product={product} decisions={decisions} />
      <DialogSection id="product-variants" title={t('admin.products.details.variants.title')}>
        <Variants product={product} isStacked={isPhone} />
      </DialogSection>
      <DialogSection id="product-images" title={t('admin.products.details.images.title')}>
        <Images product={product} />
      </DialogSection>
    </Stack>
  )
}

/**
 * The status, the reason given for a rejection, and the decisions it allows (admin §4, in the dialog): Approve
 * unless approved, Reject unless rejected, the latter with an optional reason. A decision takes its button away,
 * so focus then goes to this section's heading, next to the outcome.
 */
function DecisionSection({ product, decisions }: { product: AdminProductDto; decisions: Decisions }) {
  const { t } = useTranslation()
  const feedback = useFlashMessage()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const rejectRef = useRef<HTMLButtonElement>(null)
  const reasonRef = useRef<HTMLDivElement>(null)
  const [isRejecting, setIsRejecting] = useState(false)
  const [reason, setReason] = useState('')
  const inProgress = decisions.acting.get(product.id)
  const busyProps = inProgress ? { 'data-disabled': true, 'aria-disabled': true } : {}

  const decide = (status: 'approved' | 'rejected') => {
    if (inProgress) return
    feedback.clear()
    decisions.decide(
      { id: product.id, status, ...(status === 'rejected' ? { reason } : {}) },
      {
        success: (message) => {
          feedback.success(message)
          setIsRejecting(false)
          setReason('')
          requestAnimationFrame(() => headingRef.current?.focus())
        },
        error: (message) => feedback.error(message),
      },
    )
  }

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="product-decision">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <FocusHeading order={3} size="h5" id="product-decision" ref={headingRef}>
            {t('fields.status')}
          </FocusHeading>
          <StatusBadge status={product.status} size="lg" />
        </Group>
        {product.status === 'approved' && !product.isVisible && (
          <Text size="sm" c="dimmed">
            {t('admin.products.hiddenShop')}
          </Text>
        )}
        {product.status === 'rejected' && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {product.decisionReason
              ? t('admin.products.details.decision.reason', { reason: product.decisionReason })
              : t('admin.products.details.decision.noReason')}
          </Text>
        )}
        {isRejecting ? (
          <>
            <div ref={reasonRef}>
              <ReasonField value={reason} onChange={setReason} disabled={inProgress !== undefined} />
            </div>
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                {...busyProps}
                onClick={() => {
                  if (inProgress) return
                  setIsRejecting(false)
                  // Back to the Reject button this step replaced.
                  requestAnimationFrame(() => rejectRef.current?.focus())
                }}
              >
                {t('actions.cancel')}
              </Button>
              <Button color="red.9" {...busyProps} onClick={() => decide('rejected')}>
                {inProgress === 'rejected'
                  ? t('admin.products.rejecting')
                  : t('admin.products.rejectDialog.confirm')}
              </Button>
            </Group>
          </>
        ) : (
          <Group gap="sm" grow>
            {product.status !== 'approved' && (
              <Button
                color="green.9"
                leftSection={<IconCheck size={16} aria-hidden />}
                {...busyProps}
                onClick={() => decide('approved')}
              >
                {inProgress === 'approved' ? t('admin.products.approving') : t('admin.products.approve')}
              </Button>
            )}
            {product.status !== 'rejected' && (
              <Button
                ref={rejectRef}
                variant="outline"
                color="red.9"
                leftSection={<IconX size={16} aria-hidden />}
                {...busyProps}
                onClick={() => {
                  if (inProgress) return
                  feedback.clear()
                  setIsRejecting(true)
                  // The reason box takes the place of this button: focus follows it there.
                  requestAnimationFrame(() => reasonRef.current?.querySelector('textarea')?.focus())
                }}
              >
                {t('admin.products.reject')}
              </Button>
            )}
          </Group>
        )}
        <FlashAlert flash={feedback.flash} />
      </Stack>
    </Paper>
  )
}

/**
 * Each live variant: colour and size, id, SKU, price and stock (admin §2). A table where there is room; on a
 * phone, one block per variant, since five columns do not fit 375 px.
 */
function Variants({ product, isStacked }: { product: AdminProductDto; isStacked: boolean }) {
  const { t } = useTranslation()
  if (product.variants.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('admin.products.details.variants.none')}
      </Text>
    )
  }
  if (isStacked) {
    return (
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {product.variants.map((variant) => (
          <Paper component="li" key={variant.id} withBorder radius="sm" p="xs">
            <Text fw={600} size="sm">
              {variantLabel(t, variant.attributes)}
            </Text>
            <FieldList
              labelWidth={90}
              gap={4}
              fields={[
                { label: t('admin.products.details.variants.id'), value: shortId(variant.id) },
                { label: t('fields.sku'), value: variant.sku },
                {
                  label: t('admin.products.details.variants.price'),
                  value: <Money amount={variant.price} />,
                },
                { label: t('admin.products.details.variants.stock'), value: variant.stock },
              ]}
            />
          </Paper>
        ))}
      </Stack>
    )
  }
  return (
    <Table verticalSpacing={6} horizontalSpacing="sm" aria-labelledby="product-variants">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('admin.products.details.variants.variant')}</Table.Th>
          <Table.Th scope="col">{t('admin.products.details.variants.id')}</Table.Th>
          <Table.Th scope="col">{t('fields.sku')}</Table.Th>
          <Table.Th scope="col" ta="end">
            {t('admin.products.details.variants.price')}
          </Table.Th>
          <Table.Th scope="col" ta="end">
            {t('admin.products.details.variants.stock')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {product.variants.map((variant) => (
          <Table.Tr key={variant.id}>
            <Table.Td>{variantLabel(t, variant.attributes)}</Table.Td>
            <Table.Td ff="monospace">{shortId(variant.id)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{variant.sku}</Table.Td>
            <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
              <Money amount={variant.price} />
            </Table.Td>
            <Table.Td ta="end">{variant.stock}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** Thumbnails, each a link that opens the full picture in a new tab. */
function Images({ product }: { product: AdminProductDto }) {
  const { t } = useTranslation()
  if (product.images.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('admin.products.details.images.none')}
      </Text>
    )
  }
  const total = product.images.length
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 3, xs: 4, sm: 6 }}
      spacing="xs"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {product.images.map((image, index) => (
        <li key={image.url}>
          <Anchor href={image.url} target="_blank" rel="noopener noreferrer" display="block">
            <img
              src={image.thumbUrl ?? image.url}
              alt={t('admin.products.details.images.alt', { name: product.name, index: index + 1, total })}
              loading="lazy"
              decoding="async"
              width={120}
              height={120}
              style={{
                display: 'block',
                width: '100%',
                height: 'auto',
                aspectRatio: '1',
                objectFit: 'cover',
                borderRadius: 'var(--mantine-radius-sm)',
                border: '1px solid var(--mantine-color-default-border)',
              }}
            />
            <VisuallyHidden> {t('common.opensInNewTab')}</VisuallyHidden>
          </Anchor>
        </li>
      ))}
    </SimpleGrid>
  )
}
