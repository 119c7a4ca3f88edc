import { useState } from 'react'
import {
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core'
import { IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { ProductDto } from '../../../shared/schemas/product'
import { Money } from '../../components/money'
import { StatusBadge } from '../../components/status-badge'
import classes from './products.module.css'

/** The thumbnail's box (4:3): width and height reserve the space before the picture arrives. */
const thumbWidth = 400
const thumbHeight = 300

/**
 * One product in the grid (spec §2 "/vendor/products"): first picture or a placeholder, status, name, category,
 * price or price range across its variants, variant count, Edit and Delete. The buttons' accessible names carry
 * the product's name ("Edit Blue kitenge dress"), so a list of twenty Edit buttons is not twenty "Edit"s.
 */
export function ProductCard({
  product,
  threshold,
  isDeleting,
  onEdit,
  onDelete,
}: {
  product: ProductDto
  /** The shop's low-stock threshold, said beside the "Low stock" badge. */
  threshold: number | null
  isDeleting: boolean
  onEdit: () => void
  onDelete: () => void
}) {
  const { t } = useTranslation()
  const nameId = `product-${product.id}-name`
  const cover = product.images[0]
  const [hasBrokenImage, setHasBrokenImage] = useState(false)

  return (
    <Card component="article" withBorder radius="md" padding="sm" h="100%" aria-labelledby={nameId}>
      <Card.Section>
        {cover && !hasBrokenImage ? (
          // Decorative: the name is right below it. The WebP thumbnail keeps a phone's data plan small.
          <img
            src={cover.thumbUrl ?? cover.url}
            alt=""
            width={thumbWidth}
            height={thumbHeight}
            loading="lazy"
            decoding="async"
            className={classes.cardImage}
            onError={() => setHasBrokenImage(true)}
          />
        ) : (
          <div className={classes.cardPlaceholder}>
            <IconPhoto size={40} stroke={1.4} aria-hidden />
            <Text size="xs">{t('vendor.products.card.noImage')}</Text>
          </div>
        )}
      </Card.Section>

      <Stack gap={4} mt="sm" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h5" id={nameId} className={classes.cardName}>
            {product.name}
          </Title>
          {/* As buyers see it: an approved product of a shop still under review is hidden, not "Approved". */}
          {product.status === 'approved' && !product.isVisible ? (
            <Tooltip label={t('vendor.products.hiddenReason')} withArrow>
              <Badge variant="dot" color="gray" style={{ flexShrink: 0 }}>
                {t('vendor.products.hidden')}
                <VisuallyHidden>: {t('vendor.products.hiddenReason')}</VisuallyHidden>
              </Badge>
            </Tooltip>
          ) : (
            <StatusBadge status={product.status} style={{ flexShrink: 0 }} />
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t(`categories.${product.category}`, { defaultValue: product.category })}
        </Text>
        <Group justify="space-between" align="baseline" gap="xs" mt={4}>
          <Text fw={700}>
            <PriceRange min={product.priceMin} max={product.priceMax} />
          </Text>
          <Text size="sm" c="dimmed">
            {t('vendor.products.variants.count', { count: product.variants.length })}
          </Text>
        </Group>
        <StockLine product={product} threshold={threshold} />
      </Stack>

      <Group grow gap="xs" mt="md">
        {[
          {
            label: t('actions.edit'),
            icon: <IconPencil size={16} aria-hidden />,
            variant: 'light',
            onClick: onEdit,
            disabled: isDeleting,
          },
          {
            label: t('actions.delete'),
            icon: <IconTrash size={16} aria-hidden />,
            // Outline rather than light: red text on a light red tint falls below AA contrast.
            variant: 'outline',
            color: 'red.9',
            onClick: onDelete,
            loading: isDeleting,
          },
        ].map(({ label, icon, ...props }) => (
          <Button key={label} leftSection={icon} {...props}>
            {label}
            <VisuallyHidden> {product.name}</VisuallyHidden>
          </Button>
        ))}
      </Group>
    </Card>
  )
}

/**
 * The stock of every variant added up ("43 in stock", or "Out of stock" when none is left), and "Low stock" when a
 * variant holds the shop's threshold or fewer: what needs restocking shows on the card itself.
 */
function StockLine({ product, threshold }: { product: ProductDto; threshold: number | null }) {
  const { t } = useTranslation()
  const isOut = product.stock === 0
  return (
    <Group justify="space-between" align="center" gap="xs" wrap="wrap">
      <Text size="sm" fw={500} c={isOut ? 'red.9' : undefined}>
        {isOut
          ? t('vendor.products.card.outOfStock')
          : t('vendor.products.card.inStock', {
              count: product.stock,
              shown: product.stock.toLocaleString('en-US'),
            })}
      </Text>
      {product.isLowStock && !isOut && (
        <Badge color="orange.9" variant="light" style={{ flexShrink: 0 }}>
          {t('vendor.products.card.lowStock')}
          {threshold !== null && (
            <VisuallyHidden>: {t('vendor.products.card.lowStockHint', { count: threshold })}</VisuallyHidden>
          )}
        </Badge>
      )}
    </Group>
  )
}

/** One price, or the lowest and highest across the variants. */
function PriceRange({ min, max }: { min: number | null; max: number | null }) {
  const { t } = useTranslation()
  if (min === null) return <>{t('vendor.products.card.noPrice')}</>
  if (max === null || max === min) return <Money amount={min} />
  return (
    <>
      <Money amount={min} /> – <Money amount={max} />
    </>
  )
}

/** The card's shape while the list loads. */
export function ProductCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="sm" aria-hidden>
      <Card.Section>
        <Skeleton style={{ aspectRatio: '4 / 3' }} radius={0} />
      </Card.Section>
      <Skeleton h={18} w="70%" mt="sm" />
      <Skeleton h={12} w="40%" mt="xs" />
      <Skeleton h={16} w="55%" mt="sm" />
      <Skeleton h={14} w="35%" mt="xs" />
      <Group grow gap="xs" mt="md">
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Group>
    </Card>
  )
}
