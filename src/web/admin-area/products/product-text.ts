import type { TFunction } from 'i18next'
import { categories, colors, type Category, type Color } from '../../../shared/constants'
import type { AdminProductDto } from '../../../shared/schemas/product'

/** Ids are shown by their first 8 characters (admin §9): enough to quote a product to a vendor. */
export const shortId = (id: string) => id.slice(0, 8)

const isColor = (value: string): value is Color => (colors as readonly string[]).includes(value)
const isCategory = (value: string): value is Category => (categories as readonly string[]).includes(value)

/** The category in the reader's language (the shared product vocabulary the vendor area uses too). */
export const categoryLabel = (t: TFunction, category: string) =>
  isCategory(category) ? t(`categories.${category}`) : category

/** A colour from the product vocabulary in the reader's language; any other stored value as written. */
export const colorLabel = (t: TFunction, color: string) => (isColor(color) ? t(`colors.${color}`) : color)

/**
 * "Red / M", or the word for a product's one variant without colour or size. Letter sizes read in capitals
 * (XL); shoe sizes are numbers and stay as they are.
 */
export function variantLabel(t: TFunction, attributes: AdminProductDto['variants'][number]['attributes']) {
  const parts = [
    attributes.color ? colorLabel(t, attributes.color) : null,
    attributes.size ? attributes.size.toUpperCase() : null,
  ].filter((part) => part !== null)
  return parts.length > 0 ? parts.join(' / ') : t('admin.products.details.variants.default')
}
