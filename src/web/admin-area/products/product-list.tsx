import { Badge, Box, Group, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { AdminProductDto } from '../../../shared/schemas/product'
import { DataTable, DateCell } from '../../components/data-table'
import { DecisionButtons } from '../../components/decision-buttons'
import { DateText } from '../../components/date-text'
import { ItemCard } from '../../components/item-card'
import { SelectAllBox, SelectOneBox } from '../../components/select-boxes'
import { StatusWithNotes } from '../../components/status-badge'
import { ReasonLine } from '../../components/reason-line'
import { categoryLabel, shortId } from './product-text'
import { ProductThumb } from './product-thumb'
import type { Acting } from './use-product-decisions'

export type ProductListProps = {
  products: AdminProductDto[]
  /** Ids ticked on this page. */
  selected: ReadonlySet<string>
  onSelect: (id: string, isSelected: boolean) => void
  onSelectAll: (isSelected: boolean) => void
  acting: Acting
  onView: (product: AdminProductDto) => void
  onApprove: (product: AdminProductDto) => void
  onReject: (product: AdminProductDto) => void
}

type SelectAllProps = Pick<ProductListProps, 'products' | 'selected' | 'onSelectAll'> & {
  withLabel?: boolean
}
type RowProps = Omit<ProductListProps, 'products' | 'selected' | 'onSelectAll'> & {
  product: AdminProductDto
  isSelected: boolean
  nameId: string
}

/** From 1280 px: one table row per product, newest first, with a box to select each and all of them. */
export function ProductTable({ products, selected, onSelectAll, ...actions }: ProductListProps) {
  const { t } = useTranslation()
  return (
    <DataTable
      label={t('admin.products.tableCaption')}
      items={products}
      isSelected={(product) => selected.has(product.id)}
      columns={[
        {
          label: <SelectAll products={products} selected={selected} onSelectAll={onSelectAll} />,
          cell: (product) => (
            <SelectOne product={product} isSelected={selected.has(product.id)} onSelect={actions.onSelect} />
          ),
        },
        {
          label: t('admin.products.columns.product'),
          maw: 300,
          cell: (product, nameId) => (
            <Group gap="sm" wrap="nowrap" miw={180}>
              <ProductThumb product={product} />
              <ProductName product={product} nameId={nameId} />
            </Group>
          ),
        },
        {
          label: t('admin.products.columns.vendor'),
          maw: 200,
          cell: (product) => (
            <Text size="sm" miw={100} style={{ overflowWrap: 'anywhere' }}>
              {product.vendor.shopName}
            </Text>
          ),
        },
        {
          label: t('admin.products.columns.category'),
          cell: (product) => <Text size="sm">{categoryLabel(t, product.category)}</Text>,
        },
        {
          label: t('admin.products.columns.variants'),
          cell: (product) => <Text size="sm">{product.variants.length}</Text>,
        },
        {
          label: t('admin.products.columns.stock'),
          miw: 90,
          cell: (product) => <ProductStock product={product} />,
        },
        { label: t('fields.status'), maw: 200, cell: (product) => <StatusCell product={product} /> },
        {
          label: t('admin.products.columns.created'),
          cell: (product) => <DateCell value={product.createdAt} miw={80} />,
        },
        {
          label: t('fields.actions'),
          cell: (product, nameId) => (
            <ProductActions product={product} nameId={nameId} {...actions} layout="stack" />
          ),
        },
      ]}
    />
  )
}

/** Below 1280 px: one card per product. */
export function ProductCard({ product, isSelected, nameId, ...actions }: RowProps) {
  const { t } = useTranslation()
  return (
    <ItemCard
      item={product}
      labelledBy={nameId}
      title={
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
          <Box pt={2}>
            <SelectOne product={product} isSelected={isSelected} onSelect={actions.onSelect} />
          </Box>
          <ProductThumb product={product} size={56} />
          <ProductName product={product} nameId={nameId} asHeading />
        </Group>
      }
      labelWidth={110}
      fields={[
        { label: t('admin.products.columns.vendor'), value: product.vendor.shopName },
        { label: t('admin.products.columns.category'), value: categoryLabel(t, product.category) },
        { label: t('admin.products.columns.variants'), value: product.variants.length },
        { label: t('admin.products.columns.stock'), value: <ProductStock product={product} /> },
        { label: t('admin.products.columns.created'), value: <DateText value={product.createdAt} /> },
      ]}
      actions={<ProductActions product={product} nameId={nameId} {...actions} layout="row" />}
    >
      <StatusNotes product={product} lines={3} />
    </ItemCard>
  )
}

/** The name, and the id's first 8 characters to quote to the vendor. */
function ProductName({
  product,
  nameId,
  asHeading = false,
}: {
  product: AdminProductDto
  nameId: string
  asHeading?: boolean
}) {
  return (
    <div style={{ minWidth: 0 }}>
      {asHeading ? (
        <Title order={2} size="h5" id={nameId} style={{ overflowWrap: 'anywhere' }}>
          {product.name}
        </Title>
      ) : (
        <Text fw={600} size="sm" id={nameId} style={{ overflowWrap: 'anywhere' }}>
          {product.name}
        </Text>
      )}
      <ProductShortId product={product} />
    </div>
  )
}

/** The id's first 8 characters, to quote to the vendor. */
export function ProductShortId({ product }: { product: AdminProductDto }) {
  const { t } = useTranslation()
  return (
    <Text size="xs" c="dimmed" ff="monospace">
      {t('admin.products.shortId', { id: shortId(product.id) })}
    </Text>
  )
}

/**
 * Ticks every product on this page (admin §2 "select all"); part-ticked when only some are. In the table's
 * header, and above the cards `withLabel`.
 */
export const SelectAll = ({ products, ...box }: SelectAllProps) => (
  <SelectAllBox ids={products.map((product) => product.id)} labelKey="admin.products.selectAll" {...box} />
)

function SelectOne({
  product,
  ...box
}: { product: AdminProductDto } & Pick<RowProps, 'isSelected' | 'onSelect'>) {
  const { t } = useTranslation()
  return (
    <SelectOneBox id={product.id} label={t('admin.products.selectOne', { name: product.name })} {...box} />
  )
}

/**
 * The variants' stock added up, with "Low stock" when a variant holds its shop's threshold or fewer (each shop
 * sets its own) and "Out of stock" when nothing is left.
 */
function ProductStock({ product }: { product: AdminProductDto }) {
  const { t } = useTranslation()
  const isOut = product.stock === 0
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm">{product.stock.toLocaleString('en-US')}</Text>
      {(isOut || product.isLowStock) && (
        <Badge color={isOut ? 'red.9' : 'orange.9'} variant="light" size="sm" style={{ flexShrink: 0 }}>
          {isOut ? t('admin.products.outOfStock') : t('admin.products.lowStock')}
        </Badge>
      )}
    </Group>
  )
}

function StatusCell({ product }: { product: AdminProductDto }) {
  return (
    <StatusWithNotes status={product.status}>
      <StatusNotes product={product} lines={2} size="xs" />
    </StatusWithNotes>
  )
}

/**
 * What the status alone does not say: an approved product that buyers still cannot see (its shop is not
 * approved), and the reason given for a rejection.
 */
function StatusNotes({
  product,
  lines,
  size = 'sm',
}: {
  product: AdminProductDto
  lines: number
  size?: 'xs' | 'sm'
}) {
  const { t } = useTranslation()
  return (
    <>
      {product.status === 'approved' && !product.isVisible && (
        <Text size={size} c="dimmed">
          {t('admin.products.hiddenShop')}
        </Text>
      )}
      {product.status === 'rejected' && (
        <ReasonLine reason={product.decisionReason} texts="admin.products" size={size} lines={lines} />
      )}
    </>
  )
}

/**
 * View; Approve while pending or rejected; Reject while pending or approved (admin §4, in the list). While an
 * action on this product runs, its button reads 'Approving...' or 'Rejecting...' and its decision buttons wait
 * for it; other products stay free.
 */
function ProductActions({
  product,
  nameId,
  acting,
  onView,
  onApprove,
  onReject,
  layout,
}: Omit<RowProps, 'isSelected' | 'onSelect'> & { layout: 'stack' | 'row' }) {
  const inProgress = acting.get(product.id)
  return (
    <DecisionButtons
      nameId={nameId}
      layout={layout}
      isBusy={inProgress !== undefined}
      texts="admin.products"
      acting={inProgress}
      onView={() => onView(product)}
      onApprove={product.status === 'approved' ? undefined : () => onApprove(product)}
      onReject={product.status === 'rejected' ? undefined : () => onReject(product)}
    />
  )
}
