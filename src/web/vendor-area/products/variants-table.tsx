import { Badge, Code, ColorSwatch, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { VariantRow } from './product-form'
import { colorSwatches, sizeLabel } from './variant-options'
import classes from './products.module.css'
import { ExactNumberInput, typedNumber } from '../../components/exact-number-input'

export type VariantField = 'price' | 'stock'

type Props = {
  rows: VariantRow[]
  /** Form errors (message keys already translated), by `variants.<key>.<field>`. */
  errors: Record<string, string | undefined>
  onChange: (key: string, field: VariantField, value: number | '') => void
  /** Leaving a price or stock field: the form checks that value then. */
  onBlur?: (key: string, field: VariantField) => void
  /** Stacked cards instead of a table: a phone has no room for four columns of inputs. */
  isStacked: boolean
  disabled?: boolean
}

/** "Red / M", or "default" for the one variant of a product without colours and sizes. */
export function variantName(t: TFunction, row: Pick<VariantRow, 'color' | 'size'>) {
  return row.color && row.size
    ? `${t(`colors.${row.color}`)} / ${sizeLabel(row.size)}`
    : t('vendor.products.variants.default')
}

/**
 * Every colour × size combination with its SKU (as the server will build it), price and stock. The price starts
 * as the product's and follows it until changed here; stock starts at 100.
 */
export function VariantsTable({ rows, errors, onChange, onBlur, isStacked, disabled }: Props) {
  const { t } = useTranslation()
  // What every price and stock field gets besides its row.
  const inputs = { errors, onChange, onBlur, disabled }
  if (isStacked) {
    return (
      <Stack
        gap="xs"
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('vendor.products.variants.title')}
      >
        {rows.map((row) => (
          <Paper component="li" key={row.key} withBorder radius="md" className={classes.variantCard}>
            <VariantLabel row={row} />
            <Text size="xs" c="dimmed" mt={2} className={classes.skuCell}>
              {t('fields.sku')}: <Code>{row.sku}</Code>
            </Text>
            <SimpleGrid cols={2} spacing="xs" mt="xs">
              <PriceInput row={row} {...inputs} withLabel />
              <StockInput row={row} {...inputs} withLabel />
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    )
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" striped withTableBorder aria-label={t('vendor.products.variants.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('vendor.products.variants.variant')}</Table.Th>
            <Table.Th scope="col">{t('fields.sku')}</Table.Th>
            <Table.Th scope="col" w={170}>
              {t('vendor.products.fields.price')}
            </Table.Th>
            <Table.Th scope="col" w={130}>
              {t('vendor.products.variants.stock')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={500}>
                <VariantLabel row={row} />
              </Table.Th>
              <Table.Td className={classes.skuCell}>
                <Code>{row.sku}</Code>
              </Table.Td>
              <Table.Td>
                <PriceInput row={row} {...inputs} />
              </Table.Td>
              <Table.Td>
                <StockInput row={row} {...inputs} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/** The variant's colour and size, marked "Out of stock" while its stock reads 0. */
function VariantLabel({ row }: { row: VariantRow }) {
  const { t } = useTranslation()
  return (
    <Group gap={6} wrap="wrap" component="span">
      <Group gap={6} wrap="nowrap" component="span">
        {row.color && (
          <ColorSwatch component="span" color={colorSwatches[row.color]} size={14} withShadow aria-hidden />
        )}
        <Text span size="sm" fw={500}>
          {variantName(t, row)}
        </Text>
      </Group>
      {row.stock === 0 && (
        <Badge component="span" color="red.9" variant="light" size="sm">
          {t('vendor.products.card.outOfStock')}
        </Badge>
      )}
    </Group>
  )
}

type InputProps = {
  row: VariantRow
  errors: Props['errors']
  onChange: Props['onChange']
  onBlur: Props['onBlur']
  disabled?: boolean
  withLabel?: boolean
}

/** A variant's price or stock: the product's price shows lighter until this variant gets its own. */
function VariantNumberInput({
  field,
  row,
  errors,
  onChange,
  onBlur,
  disabled,
  withLabel,
}: InputProps & { field: 'price' | 'stock' }) {
  const { t } = useTranslation()
  const variant = variantName(t, row)
  const isPrice = field === 'price'
  return (
    <ExactNumberInput
      label={
        withLabel ? t(isPrice ? 'vendor.products.fields.price' : 'vendor.products.variants.stock') : undefined
      }
      aria-label={t(isPrice ? 'vendor.products.variants.priceOf' : 'vendor.products.variants.stockOf', {
        variant,
      })}
      size="sm"
      value={row[field]}
      onChange={(value) => onChange(row.key, field, typedNumber(value))}
      onBlur={() => onBlur?.(row.key, field)}
      error={errors[`variants.${row.key}.${field}`]}
      disabled={disabled}
      styles={
        isPrice && row.isPriceInherited ? { input: { color: 'var(--mantine-color-dimmed)' } } : undefined
      }
    />
  )
}

const PriceInput = (props: InputProps) => <VariantNumberInput field="price" {...props} />
const StockInput = (props: InputProps) => <VariantNumberInput field="stock" {...props} />
