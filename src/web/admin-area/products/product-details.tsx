import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { AdminProductDto } from '../../../shared/schemas/product'
import { useAdminProduct } from '../../api/admin-products'
import { FieldList } from '../../components/field-list'
import { DialogSection } from '../../components/section-card'
import { DetailsPending } from '../../components/details-modal'
import { DateText } from '../../components/date-text'
import { Money } from '../../components/money'
import { DecisionReason, DecisionSection } from '../../components/decision-section'
import { StatusBadge } from '../../components/status-badge'
import { ProductShortId } from './product-list'
import { categoryLabel, shortId, variantLabel } from './product-text'
import type { useProductDecisions } from './use-product-decisions'
import { NoneText } from '../../components/none-text'

type Decisions = ReturnType<typeof useProductDecisions>

/**
 * The details dialog's content (admin §2): name, description, category, status with Approve and Reject, shop,
 * variants and images. Variants stack on a phone, where the dialog is full screen.
 */
export function ProductDetails({
  id,
  decisions,
  isPhone,
}: {
  id: string
  decisions: Decisions
  isPhone: boolean
}) {
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
            <NoneText>{t('admin.products.details.noDescription')}</NoneText>
          )}
        </div>
      </DialogSection>
      <ProductDecision product={product} decisions={decisions} />
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
 * unless approved, Reject unless rejected.
 */
function ProductDecision({ product, decisions }: { product: AdminProductDto; decisions: Decisions }) {
  const { t } = useTranslation()
  const acting = decisions.acting.get(product.id)
  return (
    <DecisionSection
      id="product-decision"
      title={t('fields.status')}
      badge={<StatusBadge status={product.status} size="lg" />}
      texts="admin.products"
      isBusy={acting !== undefined}
      acting={acting}
      canApprove={product.status !== 'approved'}
      canReject={product.status !== 'rejected'}
      onDecide={(decision, report) => decisions.decide({ id: product.id, ...decision }, report)}
    >
      {product.status === 'approved' && !product.isVisible && (
        <Text size="sm" c="dimmed">
          {t('admin.products.hiddenShop')}
        </Text>
      )}
      {product.status === 'rejected' && (
        <DecisionReason reason={product.decisionReason} texts="admin.products.details.decision" />
      )}
    </DecisionSection>
  )
}

/**
 * Each live variant: colour and size, id, SKU, price and stock (admin §2). A table where there is room; on a
 * phone, one block per variant, since five columns do not fit 375 px.
 */
function Variants({ product, isStacked }: { product: AdminProductDto; isStacked: boolean }) {
  const { t } = useTranslation()
  if (product.variants.length === 0) {
    return <NoneText>{t('admin.products.details.variants.none')}</NoneText>
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
                {
                  label: t('admin.products.details.variants.stock'),
                  value: <VariantStock stock={variant.stock} />,
                },
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
            <Table.Td ta="end">
              <VariantStock stock={variant.stock} justify="flex-end" />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** A variant's stock, marked "Out of stock" when none is left: the variant buyers can no longer order. */
function VariantStock({ stock, justify }: { stock: number; justify?: 'flex-end' }) {
  const { t } = useTranslation()
  return (
    <Group gap={6} wrap="nowrap" justify={justify}>
      {stock === 0 && (
        <Badge color="red.9" variant="light" size="sm" style={{ flexShrink: 0 }}>
          {t('admin.products.outOfStock')}
        </Badge>
      )}
      <span>{stock.toLocaleString('en-US')}</span>
    </Group>
  )
}

/** Thumbnails, each a link that opens the full picture in a new tab. */
function Images({ product }: { product: AdminProductDto }) {
  const { t } = useTranslation()
  if (product.images.length === 0) {
    return <NoneText>{t('admin.products.details.images.none')}</NoneText>
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
