import { z } from 'zod'
import { calendarDay as calendarDayOf, isCalendarDay } from './day-range'
import { plainName } from '../bidi'
import {
  invalidCharacters,
  noNul,
  optionalText,
  reasonedDecisionFields,
  reasonedDecisionInput,
  requiredText,
  requireReasonOnRejection,
} from './text'
import {
  categories,
  colors,
  limits,
  priceMax,
  productStatuses,
  sizes,
  stockMax,
  textMax,
  vendorStatuses,
} from '../constants'
import { pageQuery, paged } from './pagination'

/** Clothes and Shoes always come in colours and sizes (specification §5). */
export const categoriesWithVariants: readonly string[] = ['Clothes', 'Shoes']

/**
 * A price is required (specification §5: 'Please fill in all required fields.'); a wrong one is refused as it
 * was sent, never turned into another (-5000 is not 5000, 1.5 is not 2): above 0, whole francs, at most
 * `priceMax`.
 */
const wholeRwf = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'products.requiredFields' : 'products.priceInvalid',
  })
  .int('products.priceWhole')
  .gt(0, 'products.priceInvalid')
  .max(priceMax, 'products.priceInvalid')

export const variantInput = z.object({
  color: z.enum(colors, { error: 'products.colorInvalid' }).nullish(),
  size: z.enum(sizes, { error: 'products.sizeInvalid' }).nullish(),
  price: wholeRwf,
  stock: z
    .number({ error: 'products.stockInvalid' })
    .int('products.stockInvalid')
    .min(0, 'products.stockInvalid')
    .max(stockMax, 'products.stockInvalid'),
})

/**
 * A product with its variants. With colours and sizes, `variants` holds one entry per colour × size
 * (each with its own price and stock); without, one entry with neither. SKUs are built by the server.
 */
export const productInput = z
  .object({
    // Without controls that reorder text (bidi.ts), then still required.
    name: requiredText(textMax.productName, 'products.requiredFields')
      .overwrite(plainName)
      .min(1, 'products.requiredFields'),
    description: optionalText(textMax.productDescription),
    category: z.enum(categories, { error: 'products.requiredFields' }),
    /** The product's base price; variants start from it. */
    price: wholeRwf,
    images: z
      .array(z.uuid({ error: 'uploads.notFound' }))
      .max(limits.maxProductImages, 'products.tooManyImages')
      .default([]),
    hasVariants: z.boolean().default(false),
    colors: z
      .array(z.enum(colors, { error: 'products.colorInvalid' }))
      .max(colors.length)
      .default([])
      .meta({
        description:
          'Clothes, Shoes or hasVariants need at least one colour and one size (products.colorAndSizeRequired)',
      }),
    sizes: z
      .array(z.enum(sizes, { error: 'products.sizeInvalid' }))
      .max(sizes.length)
      .default([]),
    variants: z
      .array(variantInput)
      .max(colors.length * sizes.length)
      .default([]),
    /** On an edit: the `version` of the product as the form read it (a newer one refuses the save). */
    version: z.string().max(64).optional(),
  })
  .superRefine((value, ctx) => {
    const needsVariants = value.hasVariants || categoriesWithVariants.includes(value.category)
    if (needsVariants && (value.colors.length === 0 || value.sizes.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['colors'], message: 'products.colorAndSizeRequired' })
    }
  })
export type ProductInput = z.input<typeof productInput>

export const variantDto = z.object({
  id: z.string(),
  sku: z.string(),
  price: z.number(),
  stock: z.number(),
  attributes: z.object({ color: z.string().optional(), size: z.string().optional() }),
})

export const productImageDto = z.object({ url: z.string(), thumbUrl: z.string().nullable() })

export const productDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(categories),
  status: z.enum(productStatuses),
  images: z.array(productImageDto),
  hasVariants: z.boolean(),
  variants: z.array(variantDto),
  priceMin: z.number().nullable(),
  priceMax: z.number().nullable(),
  /** The live variants' stock added up. */
  stock: z.number(),
  /** A live variant holds the shop's low-stock threshold or fewer (`vendors.low_stock_threshold`, default 5). */
  isLowStock: z.boolean(),
  /** Changes with every edit and every stock change: sent back with an edit, which a newer one refuses. */
  version: z.string(),
  /** Whether buyers see it: an approved product of an approved shop. */
  isVisible: z.boolean(),
  createdAt: z.string(),
})
export type ProductDto = z.infer<typeof productDto>

export const productListDto = paged(productDto).extend({
  /** The plan's product limit (null = unlimited), so the screen can say so before the server refuses. */
  limit: z.number().nullable(),
  /** The shop's low-stock threshold, which the "Low stock" filter reads (null for an admin's list of every shop). */
  lowStockThreshold: z.number().nullable(),
  /** Every product of the shop, whatever the filter: what the plan's limit counts (null for an admin). */
  productCount: z.number().nullable(),
})
export type ProductList = z.infer<typeof productListDto>

/** A products list's stock filter: every product, or those low on stock (a variant at or below the threshold). */
export const stockFilters = ['all', 'low'] as const
export type StockFilter = (typeof stockFilters)[number]
const stockFilter = z.enum(stockFilters, { error: 'errors.invalidValue' }).default('all')

/** `?stock=low`: only the products with a live variant at or below the shop's low-stock threshold. */
export const productListQuery = pageQuery(24).extend({ stock: stockFilter })

export { isCalendarDay }

/**
 * A calendar day as the admin's date filter sends it (YYYY-MM-DD, read in the marketplace's time zone). A day
 * that does not exist is refused here: the database would otherwise fail on it with a 500.
 */
const calendarDay = calendarDayOf('errors.invalidValue')

/** /admin/products: search by name, description or shop; a status; created from/to (both days included); low stock. */
export const adminProductListQuery = pageQuery(25).extend({
  q: z
    .string()
    .trim()
    .max(200, { error: 'errors.tooLong' })
    .regex(noNul, { error: invalidCharacters })
    .optional(),
  status: z.enum(['all', ...productStatuses], { error: 'errors.invalidValue' }).default('all'),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  /** low: a live variant at or below its own shop's low-stock threshold. */
  stock: stockFilter,
})

/** A product as the moderation list and its details show it: with its shop and the reason it was refused. */
export const adminProductDto = productDto.extend({
  vendor: z.object({ id: z.string(), shopName: z.string(), status: z.enum(vendorStatuses) }),
  decisionReason: z.string().nullable(),
})
export type AdminProductDto = z.infer<typeof adminProductDto>

export const adminProductListDto = paged(adminProductDto)
export type AdminProductList = z.infer<typeof adminProductListDto>

/**
 * Approve or reject a product (specification §4: to any status it is not in already); a rejection gives the
 * reason the vendor reads.
 */
export const productDecisionInput = reasonedDecisionInput

/** The same decision for several selected products at once (one reason for all); each is audited on its own. */
export const bulkProductDecisionInput = z
  .object({
    ...reasonedDecisionFields,
    ids: z.array(z.string(), { error: 'errors.invalidValue' }).min(1, { error: 'errors.required' }).max(100),
  })
  .superRefine(requireReasonOnRejection)

export const bulkProductDecisionDto = z.object({
  /** The products whose status changed; the others (unknown ids, already in that status) are left as they were. */
  changed: z.array(z.string()),
  unchanged: z.array(z.string()),
})

/** One id as zod's uuid rule reads it (RFC 9562: version 1 to 8), without anchors, in either case. */
const uuidText = z.regexes.uuid().source.replace(/^\^|\$$/g, '')

/** Comma-separated product ids (`?ids=a,b,c`): every one a uuid, at least one, at most `max`. */
const productIdList = (max: number) =>
  z
    .string({ error: 'errors.invalidValue' })
    .max(max * 37, { error: 'errors.invalidValue' })
    // The whole rule in one pattern, for clients: 1 to `max` ids, commas between, blanks and empty items ignored.
    .meta({
      pattern: `^[\\s,]*${uuidText}(?:\\s*,[\\s,]*${uuidText}){0,${max - 1}}[\\s,]*$`,
      examples: ['3f2b8c1e-5d4a-4e7b-9c1d-2a6f8e0b7c41,0b9d6a52-1c3e-4f8a-8b7d-5e2c1a9f4d60'],
    })
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.uuid({ error: 'errors.invalidValue' }))
        .min(1, { error: 'errors.required' })
        .max(max, { error: 'errors.invalidValue' }),
    )

/** Products one export may name (Export Selected); Export All takes the list's filters instead. */
export const productExportMaxIds = 500
/** Products whose pictures one ZIP may hold (at most 6 each). */
export const productImagesMaxIds = 100

/** /api/admin/products/export: the selected products (`ids`), or else every product the filters match. */
export const adminProductExportQuery = adminProductListQuery
  .pick({ q: true, status: true, from: true, to: true, stock: true })
  .extend({
    ids: productIdList(productExportMaxIds).optional(),
  })

/**
 * POST /api/admin/products/export: the selected products (Export Selected), in a body: 500 ids in the address
 * would pass the server's header limit.
 */
export const adminProductExportSelection = z.object({
  ids: z
    .array(z.uuid({ error: 'errors.invalidValue' }))
    .min(1, { error: 'errors.required' })
    .max(productExportMaxIds, { error: 'errors.invalidValue' }),
})

/** /api/admin/products/images: the selected products' pictures as one ZIP. */
export const adminProductImagesQuery = z.object({
  ids: productIdList(productImagesMaxIds),
})
