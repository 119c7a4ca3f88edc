import { useState } from 'react'
import { Center } from '@mantine/core'
import { IconPhoto } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { AdminProductDto } from '../../../shared/schemas/product'

/**
 * The product's first picture, small: the server's WebP thumbnail when there is one (a list of 25 full images
 * would cost a phone's data plan), loaded only when scrolled into view. A product without one, or whose
 * picture fails, shows a neutral placeholder.
 */
export function ProductThumb({ product, size = 48 }: { product: AdminProductDto; size?: number }) {
  const { t } = useTranslation()
  const cover = product.images[0]
  const [isBroken, setIsBroken] = useState(false)
  const box = {
    width: size,
    height: size,
    flexShrink: 0,
    borderRadius: 'var(--mantine-radius-sm)',
    border: '1px solid var(--mantine-color-default-border)',
  }
  if (!cover || isBroken) {
    return (
      <Center style={{ ...box, background: 'var(--mantine-color-default-hover)' }} aria-hidden>
        <IconPhoto size={size / 2} stroke={1.4} color="var(--mantine-color-dimmed)" />
      </Center>
    )
  }
  return (
    <img
      src={cover.thumbUrl ?? cover.url}
      alt={t('admin.products.thumbAlt', { name: product.name })}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setIsBroken(true)}
      style={{ ...box, objectFit: 'cover', display: 'block' }}
    />
  )
}
