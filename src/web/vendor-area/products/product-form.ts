import {
  categories,
  clothingSizes,
  colors,
  limits,
  shoeSizes,
  sizes,
  type Category,
  type Color,
  type Size,
} from '../../../shared/constants'
import {
  categoriesWithVariants,
  productInput,
  type ProductDto,
  type ProductInput,
} from '../../../shared/schemas/product'
import { buildSku } from '../../../shared/sku'

/**
 * A variant as the form keeps it. `price: null` follows the product's price (spec: a variant's price defaults to
 * the product price), so changing the product price moves every variant nobody has priced on its own.
 */
export type VariantDraft = { price: number | '' | null; stock: number | '' }

export type ProductFormValues = {
  name: string
  description: string
  category: Category | null
  price: number | ''
  hasVariants: boolean
  colors: Color[]
  sizes: Size[]
  /** Keyed by variantKey: kept for every combination ever shown, so unticking and re-ticking a colour loses nothing. */
  variants: Record<string, VariantDraft>
}

export type VariantRow = {
  key: string
  color: Color | null
  size: Size | null
  sku: string
  price: number | ''
  stock: number | ''
  /** The price shown is the product's own (nobody set one for this variant). */
  isPriceInherited: boolean
}

export const defaultVariantKey = 'default'
export const variantKey = (color: string | null | undefined, size: string | null | undefined) =>
  color && size ? `${color}_${size}` : defaultVariantKey

/** Clothes and Shoes, or the ticked box, mean colours and sizes (spec §5). */
export const forcesVariants = (category: string | null) =>
  category !== null && categoriesWithVariants.includes(category)
export const needsVariants = (values: Pick<ProductFormValues, 'hasVariants' | 'category'>) =>
  values.hasVariants || forcesVariants(values.category)

/** The colour-and-size rule the Save button waits on. */
export const isMissingColorOrSize = (values: ProductFormValues) =>
  needsVariants(values) && (values.colors.length === 0 || values.sizes.length === 0)

const byOrder =
  <T extends string>(order: readonly T[]) =>
  (a: T, b: T) =>
    order.indexOf(a) - order.indexOf(b)
export const sortColors = (list: Color[]) => [...list].sort(byOrder(colors))
export const sortSizes = (list: Size[]) => [...list].sort(byOrder(sizes))

export const isClothingSize = (size: string): size is (typeof clothingSizes)[number] =>
  (clothingSizes as readonly string[]).includes(size)
export const isShoeSize = (size: string): size is (typeof shoeSizes)[number] =>
  (shoeSizes as readonly string[]).includes(size)

/** Every colour × size combination, in the catalogue's order; or the one 'default' row. */
export function variantRows(values: ProductFormValues): VariantRow[] {
  const row = (color: Color | null, size: Size | null): VariantRow => {
    const key = variantKey(color, size)
    const draft = values.variants[key]
    const ownPrice = draft?.price ?? null
    return {
      key,
      color,
      size,
      sku: buildSku(values.name, color, size),
      price: ownPrice ?? values.price,
      stock: draft ? draft.stock : limits.defaultVariantStock,
      isPriceInherited: ownPrice === null,
    }
  }
  if (!needsVariants(values)) return [row(null, null)]
  return values.colors.flatMap((color) => values.sizes.map((size) => row(color, size)))
}

export const emptyProductValues = (): ProductFormValues => ({
  name: '',
  description: '',
  category: null,
  price: '',
  hasVariants: false,
  colors: [],
  sizes: [],
  variants: {},
})

const isColor = (value: string | undefined): value is Color =>
  (colors as readonly string[]).includes(value ?? '')
const isSize = (value: string | undefined): value is Size =>
  (sizes as readonly string[]).includes(value ?? '')
const isCategory = (value: string): value is Category => (categories as readonly string[]).includes(value)

/**
 * A saved product as the form edits it. The product DTO carries no base price, only its variants' prices: the
 * lowest one becomes the product price, and a variant priced otherwise keeps its own price.
 */
export function productValues(product: ProductDto): ProductFormValues {
  const basePrice = product.priceMin ?? product.variants[0]?.price ?? ''
  const productColors = new Set<Color>()
  const productSizes = new Set<Size>()
  const variants: Record<string, VariantDraft> = {}
  for (const variant of product.variants) {
    const { color, size } = variant.attributes
    const hasOptions = isColor(color) && isSize(size)
    if (hasOptions) {
      productColors.add(color)
      productSizes.add(size)
    }
    variants[hasOptions ? variantKey(color, size) : defaultVariantKey] = {
      price: variant.price === basePrice ? null : variant.price,
      stock: variant.stock,
    }
  }
  return {
    name: product.name,
    description: product.description,
    category: isCategory(product.category) ? product.category : null,
    price: basePrice,
    hasVariants: product.hasVariants || productColors.size > 0,
    colors: sortColors([...productColors]),
    sizes: sortSizes([...productSizes]),
    variants,
  }
}

export type RequiredField = 'name' | 'category' | 'price'

/** Spec §5: name, price and category are required ('Please fill in all required fields.'). */
export function missingRequired(values: ProductFormValues): RequiredField[] {
  const missing: RequiredField[] = []
  if (!values.name.trim()) missing.push('name')
  if (values.category === null) missing.push('category')
  if (values.price === '') missing.push('price')
  return missing
}

/**
 * What the server receives (the shared productInput contract). An empty price or stock becomes NaN so the shared
 * schema refuses it with its own message rather than the form guessing a number.
 */
export function toProductInput(values: ProductFormValues, imageIds: string[]): ProductInput {
  const withVariants = needsVariants(values)
  const asNumber = (value: number | '') => (value === '' ? Number.NaN : value)
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    category: values.category as Category,
    price: asNumber(values.price),
    images: imageIds,
    hasVariants: withVariants,
    colors: withVariants ? values.colors : [],
    sizes: withVariants ? values.sizes : [],
    variants: variantRows(values).map((row) => ({
      ...(row.color && row.size ? { color: row.color, size: row.size } : {}),
      price: asNumber(row.price),
      stock: asNumber(row.stock),
    })),
  }
}

/**
 * The shared rule, run before sending: its issues as form paths (a variant's price is `variants.<key>.price`, the
 * field its row shows), each a message key.
 */
export function validateProductInput(input: ProductInput, rows: VariantRow[]): Record<string, string> {
  const result = productInput.safeParse(input)
  if (result.success) return {}
  const fields = issuesToFields(
    result.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
    rows,
  )
  // A variant showing the product's own price is wrong for the same reason: said once, at the product price.
  if (fields.price)
    for (const row of rows) if (row.isPriceInherited) delete fields[`variants.${row.key}.price`]
  return fields
}

/** Paths as the server or the schema name them (`variants.3.price`) to the form's (`variants.red_m.price`). */
export function issuesToFields(issues: { path: string[]; message: string }[], rows: VariantRow[]) {
  const fields: Record<string, string> = {}
  for (const { path, message } of issues) {
    let field = path.join('.')
    if (path[0] === 'variants' && path.length >= 3) {
      const row = rows[Number(path[1])]
      if (row) field = `variants.${row.key}.${path[2]}`
    } else if (path[0] === 'sizes') field = 'colors'
    else if (path[0] === 'images') field = 'images'
    fields[field] ??= message
  }
  return fields
}
