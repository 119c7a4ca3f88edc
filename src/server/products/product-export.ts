import { and, desc, inArray, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import type { adminProductExportQuery } from '../../shared/schemas/product'
import { slugify } from '../../shared/sku'
import type { Db } from '../db/client'
import { products, variants } from '../db/schema'
import { csvFileName, type CsvValue } from '../lib/csv'
import { AppError } from '../lib/errors'
import { productsIn, type Scope } from '../lib/scope'
import { readStoredBytes, storedFilesByUrl } from '../storage/stored-files'
import type { FileStorage } from '../storage/storage'
import type { ZipEntry } from '../lib/zip'
import { productFilter, productRows } from './products.queries'
import { byAttributes } from './products.service'

type ProductRow = typeof products.$inferSelect
type VariantRow = typeof variants.$inferSelect
/** The export's filters; the stock filter, when left out, keeps every product. */
type ExportQuery = Omit<z.output<typeof adminProductExportQuery>, 'stock'> &
  Partial<Pick<z.output<typeof adminProductExportQuery>, 'stock'>>

/** Shopify's product import template, column for column (help.shopify.com, "Using CSV files to import products"). */
export const productCsvHeader = [
  'Title',
  'URL handle',
  'Description',
  'Vendor',
  'Product category',
  'Type',
  'Tags',
  'Published on online store',
  'Status',
  'SKU',
  'Barcode',
  'Option1 name',
  'Option1 value',
  'Option1 Linked To',
  'Option2 name',
  'Option2 value',
  'Option2 Linked To',
  'Option3 name',
  'Option3 value',
  'Option3 Linked To',
  'Price',
  'Compare-at price',
  'Cost per item',
  'Charge tax',
  'Tax code',
  'Unit price total measure',
  'Unit price total measure unit',
  'Unit price base measure',
  'Unit price base measure unit',
  'Inventory tracker',
  'Inventory quantity',
  'Continue selling when out of stock',
  'Weight value (grams)',
  'Weight unit for display',
  'Requires shipping',
  'Fulfillment service',
  'Product image URL',
  'Image position',
  'Image alt text',
  'Variant image URL',
  'Gift card',
  'SEO title',
  'SEO description',
] as const

type Column = (typeof productCsvHeader)[number]
type CsvRecord = Partial<Record<Column, CsvValue>>

const toCells = (record: CsvRecord): CsvValue[] => productCsvHeader.map((column) => record[column] ?? '')

/** Products read per query while an export streams (each with at most 6 images and its variants). */
const EXPORT_BATCH = 200

/**
 * An image as an address another shop can fetch: a stored path (`/api/files/…`) made absolute with the
 * marketplace's public address, or an absolute http(s) link kept as it is. Anything else (blank, a
 * relative name, another scheme) is left out, since an importer could not fetch it (specification §5).
 */
export function absoluteImageUrl(value: unknown, publicUrl: string): string | null {
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return `${publicUrl}${trimmed}`
  try {
    const url = new URL(trimmed)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** Handles name a product in the importing shop, so two products with the same slug get -2, -3, … */
function handleMaker() {
  const used = new Set<string>()
  return (name: string) => {
    const base = slugify(name) || 'product'
    let handle = base
    for (let n = 2; used.has(handle); n += 1) handle = `${base}-${n}`
    used.add(handle)
    return handle
  }
}

/**
 * One product's records: a row per live variant sharing the handle, the product's own fields on the first
 * row only, then a row per further image (specification §9: SKU from the slug and the variant id, stock
 * tracked, no overselling, published, shipped by hand).
 */
function productRecords(
  product: ProductRow,
  shopName: string,
  live: VariantRow[],
  handle: string,
  publicUrl: string,
): CsvRecord[] {
  const slug = slugify(product.name) || 'product'
  const images = (Array.isArray(product.images) ? product.images : [])
    .map((image) => absoluteImageUrl(image, publicUrl))
    .filter((url): url is string => url !== null)
  const sorted = [...live].sort(byAttributes)
  const hasColor = sorted.some((variant) => variant.attributes.color)
  const hasSize = sorted.some((variant) => variant.attributes.size)
  const productFields: CsvRecord = {
    Title: product.name,
    Description: product.description,
    Vendor: shopName,
    'Product category': product.category,
    Type: product.category,
    Tags: '',
    'Published on online store': 'TRUE',
    Status: product.status === 'approved' ? 'active' : 'draft',
    'Gift card': 'FALSE',
  }
  const variantRecords = (sorted.length ? sorted : [null]).map((variant, index): CsvRecord => {
    const options: [string, string][] = []
    if (hasColor) options.push(['Color', variant?.attributes.color ?? ''])
    if (hasSize) options.push(['Size', variant?.attributes.size ?? ''])
    if (options.length === 0) options.push(['Title', 'Default Title'])
    return {
      ...(index === 0 ? productFields : {}),
      'URL handle': handle,
      SKU: variant ? `${slug}-${variant.id.slice(0, 8)}` : '',
      'Option1 name': options[0]?.[0],
      'Option1 value': options[0]?.[1],
      'Option2 name': options[1]?.[0],
      'Option2 value': options[1]?.[1],
      Price: variant ? Math.round(variant.price) : '',
      'Inventory tracker': 'shopify',
      'Inventory quantity': variant ? variant.stock : '',
      'Continue selling when out of stock': 'deny',
      'Requires shipping': 'TRUE',
      'Fulfillment service': 'manual',
      ...(index === 0 && images[0] ? { 'Product image URL': images[0], 'Image position': 1 } : {}),
    }
  })
  const imageRecords = images.slice(1).map((url, index): CsvRecord => ({
    'URL handle': handle,
    'Product image URL': url,
    'Image position': index + 2,
  }))
  return [...variantRecords, ...imageRecords]
}

async function liveVariantsByProduct(db: Db, productIds: string[]) {
  const byProduct = new Map<string, VariantRow[]>()
  if (productIds.length === 0) return byProduct
  const rows = await db
    .select()
    .from(variants)
    .where(and(inArray(variants.productId, productIds), isNull(variants.archivedAt)))
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row])
  return byProduct
}

/**
 * The selected products (`ids`), or every product the moderation filters match, as Shopify import rows,
 * newest first, one query per batch. Each batch starts after the last product of the one before (keyset,
 * compared in SQL so timestamps keep their microseconds), and no transaction stays open while the admin's
 * browser reads: a slow download must not hold a database connection (PGlite has exactly one).
 */
export function exportProducts(
  db: Db,
  scope: Scope,
  query: ExportQuery,
  options: { timeZone: string; publicUrl: string; now?: Date; batchSize?: number },
) {
  const where = productFilter(scope, query, options.timeZone)
  const batchSize = options.batchSize ?? EXPORT_BATCH
  const handleFor = handleMaker()
  async function* batches() {
    for await (const rows of productRows.batches(db, where, batchSize)) {
      const live = await liveVariantsByProduct(
        db,
        rows.map((row) => row.product.id),
      )
      const records = rows.flatMap(({ product, shop }) =>
        productRecords(
          product,
          shop.shopName,
          live.get(product.id) ?? [],
          handleFor(product.name),
          options.publicUrl,
        ),
      )
      if (records.length > 0) yield records.map(toCells)
    }
  }
  return {
    fileName: csvFileName('products', options.now ?? new Date(), options.timeZone),
    header: productCsvHeader,
    batches: batches(),
  }
}

const extensionOf: Record<string, string> = {
  'image/webp': '.webp',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
}

/** The file's extension: from its stored type, else from the name it was uploaded under. */
function fileExtension(contentType: string, originalName: string) {
  return extensionOf[contentType] ?? /\.[a-z0-9]{1,5}$/i.exec(originalName)?.[0].toLowerCase() ?? ''
}

/**
 * The selected products' stored pictures as ZIP entries named `<name>-<first 8 of id>-<n><ext>` (the name
 * lowercased to a-z, 0-9 and dashes). Only files in our own store are read: an external link is never
 * fetched by the server. Bytes are read one entry at a time while the archive streams. No picture at all
 * is 404 products.noImages.
 */
export async function productImagesArchive(
  db: Db,
  scope: Scope,
  ids: string[],
  storage: FileStorage,
  options: { timeZone: string; now?: Date },
) {
  const rows = await db
    .select({ id: products.id, name: products.name, images: products.images, createdAt: products.createdAt })
    .from(products)
    .where(and(productsIn(scope), inArray(products.id, ids)))
    .orderBy(desc(products.createdAt), desc(products.id))
  const imagesOf = (images: unknown) =>
    (Array.isArray(images) ? images : []).filter(
      (image): image is string => typeof image === 'string' && image.trim() !== '',
    )
  const stored = await storedFilesByUrl(
    db,
    rows.flatMap((row) => imagesOf(row.images)),
  )
  const entries: ZipEntry[] = []
  let productCount = 0
  for (const row of rows) {
    const base = `${slugify(row.name) || 'product'}-${row.id.slice(0, 8)}`
    let counter = 0
    for (const url of imagesOf(row.images)) {
      const file = stored.get(url)
      if (!file) continue
      counter += 1
      entries.push({
        name: `${base}-${counter}${fileExtension(file.contentType, file.originalName)}`,
        read: () => readStoredBytes(storage, file.key),
      })
    }
    if (counter > 0) productCount += 1
  }
  if (entries.length === 0) throw new AppError('NOT_FOUND', 'products.noImages')
  const day = csvFileName('product-images', options.now ?? new Date(), options.timeZone).replace(/\.csv$/, '')
  return { fileName: `${day}.zip`, entries, imageCount: entries.length, productCount }
}
