import { and, count, desc, eq, exists, inArray, isNull, notExists, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { colors, limits, sizes, type Plan } from '../../shared/constants'
import {
  categoriesWithVariants,
  type ProductDto,
  type productInput,
  type ProductList,
  type pageQuery,
} from '../../shared/schemas/product'
import { fileIdFromUrl, fileThumbUrl, fileUrl } from '../../shared/schemas/upload'
import { buildSku } from '../../shared/sku'
import { canAddProduct, productLimitFor } from '../../shared/subscription'
import type { Db, Tx } from '../db/client'
import { orders, products, variants, vendors, type VariantAttributes } from '../db/schema'
import { AppError, isUniqueViolation, isUuid, notFound, vendorNotRegistered } from '../lib/errors'
import { notify } from '../realtime/events'
import { assertOwnedFiles } from '../uploads/uploads.service'

type Scope = { userId: string }
type ProductRow = typeof products.$inferSelect
type VariantRow = typeof variants.$inferSelect
type Input = z.output<typeof productInput>

/** One variant the saved product must have: a colour × size combination, or the single default one. */
type WantedVariant = { color: string | null; size: string | null; price: number; stock: number }

const variantsMismatch = () =>
  new AppError('VALIDATION', 'products.variantsMismatch', undefined, {
    variants: 'products.variantsMismatch',
  })

const attributeKey = (color: string | null | undefined, size: string | null | undefined) =>
  `${color ?? ''}|${size ?? ''}`

/** The signed-in user's vendor (scope from the session); `lock` serialises product creations per vendor. */
async function requireVendor(tx: Tx, scope: Scope, { lock = false } = {}) {
  const query = tx
    .select({ id: vendors.id, plan: vendors.subscriptionPlan })
    .from(vendors)
    .where(eq(vendors.userId, scope.userId))
  // NO KEY UPDATE conflicts with itself (two creations queue up) but not with the KEY SHARE lock that
  // inserting an order or a product takes on the vendor row, so orders are never held up by it.
  const [vendor] = lock ? await query.for('no key update') : await query
  if (!vendor) throw vendorNotRegistered()
  return vendor
}

/**
 * The variants the input asks for. With colours and sizes (Clothes, Shoes, or the 'has sizes or colors'
 * box), `variants` must hold every colour × size exactly once and nothing else; otherwise exactly one
 * variant without colour or size. The schema has already refused a variant product without both lists.
 */
export function wantedVariants(input: Input): WantedVariant[] {
  const hasVariants = input.hasVariants || categoriesWithVariants.includes(input.category)
  if (!hasVariants) {
    const [only, ...rest] = input.variants
    if (!only || rest.length > 0 || only.color || only.size) throw variantsMismatch()
    return [{ color: null, size: null, price: only.price, stock: only.stock }]
  }
  const wantedColors = [...new Set(input.colors)]
  const wantedSizes = [...new Set(input.sizes)]
  const given = new Map<string, (typeof input.variants)[number]>()
  for (const variant of input.variants) {
    if (!variant.color || !variant.size) throw variantsMismatch()
    const key = attributeKey(variant.color, variant.size)
    if (given.has(key)) throw variantsMismatch()
    given.set(key, variant)
  }
  if (given.size !== wantedColors.length * wantedSizes.length) throw variantsMismatch()
  return wantedColors.flatMap((color) =>
    wantedSizes.map((size) => {
      const variant = given.get(attributeKey(color, size))
      if (!variant) throw variantsMismatch()
      return { color, size, price: variant.price, stock: variant.stock }
    }),
  )
}

const attributesOf = (variant: { color: string | null; size: string | null }): VariantAttributes => ({
  ...(variant.color ? { color: variant.color } : {}),
  ...(variant.size ? { size: variant.size } : {}),
})

/** Colours and sizes in the order the specification lists them (xs before m before xl), not alphabetically. */
const position = (list: readonly string[], value: string | undefined) => (value ? list.indexOf(value) : -1)
const byAttributes = (a: VariantRow, b: VariantRow) =>
  position(colors, a.attributes.color) - position(colors, b.attributes.color) ||
  position(sizes, a.attributes.size) - position(sizes, b.attributes.size) ||
  a.sku.localeCompare(b.sku)

function imageDto(url: string) {
  const id = fileIdFromUrl(url)
  // Product images are always pictures, and every uploaded picture has a thumbnail.
  return { url, thumbUrl: id ? fileThumbUrl(id) : null }
}

/** The product as the screens see it: live (not archived) variants only, with the price range across them. */
export function toProductDto(product: ProductRow, rows: VariantRow[]): ProductDto {
  const live = rows.filter((row) => row.archivedAt === null).sort(byAttributes)
  const prices = live.map((row) => row.price)
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    category: product.category,
    status: product.status,
    images: product.images.map(imageDto),
    hasVariants: live.some((row) => Boolean(row.attributes.color || row.attributes.size)),
    variants: live.map((row) => ({
      id: row.id,
      sku: row.sku,
      price: row.price,
      stock: row.stock,
      attributes: attributesOf({ color: row.attributes.color ?? null, size: row.attributes.size ?? null }),
    })),
    priceMin: prices.length ? Math.min(...prices) : null,
    priceMax: prices.length ? Math.max(...prices) : null,
    createdAt: product.createdAt.toISOString(),
  }
}

async function liveVariantsOf(tx: Tx, productIds: string[]) {
  if (productIds.length === 0) return new Map<string, VariantRow[]>()
  const rows = await tx
    .select()
    .from(variants)
    .where(and(inArray(variants.productId, productIds), isNull(variants.archivedAt)))
  const byProduct = new Map<string, VariantRow[]>()
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row])
  return byProduct
}

/** A name or SKU already used by this vendor: the database's unique indexes decide, so a race cannot slip by. */
function conflictFrom(error: unknown): AppError | undefined {
  if (isUniqueViolation(error, 'products_vendor_name_lower_unique')) {
    return new AppError('CONFLICT', 'products.nameTaken', undefined, { name: 'products.nameTaken' })
  }
  if (isUniqueViolation(error, 'variants_vendor_sku_lower_unique')) {
    // Two names that differ only in punctuation ('T-Shirt', 't shirt') build the same SKU.
    return new AppError('CONFLICT', 'products.skuTaken', undefined, { name: 'products.skuTaken' })
  }
  return undefined
}

async function withConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw conflictFrom(error) ?? error
  }
}

/** Each image must be a picture this user uploaded for a product; the urls are kept in the given order. */
async function imageUrls(tx: Tx, scope: Scope, ids: readonly string[]) {
  await assertOwnedFiles(tx, {
    ownerUserId: scope.userId,
    ids,
    purpose: 'product_image',
    max: limits.maxProductImages,
  })
  return ids.map((id) => fileUrl(id.toLowerCase()))
}

export async function listVendorProducts(
  db: Db,
  scope: Scope,
  query: z.output<typeof pageQuery>,
): Promise<ProductList> {
  const vendor = await requireVendor(db, scope)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(eq(products.vendorId, vendor.id))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(products).where(eq(products.vendorId, vendor.id)),
  ])
  const variantsByProduct = await liveVariantsOf(
    db,
    rows.map((row) => row.id),
  )
  return {
    items: rows.map((row) => toProductDto(row, variantsByProduct.get(row.id) ?? [])),
    total: Number(total?.value ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    limit: productLimitFor(vendor.plan),
  }
}

export async function getVendorProduct(db: Db, scope: Scope, id: string): Promise<ProductDto> {
  const vendor = await requireVendor(db, scope)
  if (!isUuid(id)) throw notFound()
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.vendorId, vendor.id)))
  if (!product) throw notFound()
  return toProductDto(product, (await liveVariantsOf(db, [product.id])).get(product.id) ?? [])
}

/**
 * A new product, live at once (status approved, specification §4), with its variants. The plan's product
 * limit is counted with the vendor row locked, so two creations at once cannot both take the last place.
 */
export async function createProduct(db: Db, scope: Scope, input: Input): Promise<ProductDto> {
  const wanted = wantedVariants(input)
  return withConflicts(() =>
    db.transaction(async (tx) => {
      const vendor = await requireVendor(tx, scope, { lock: true })
      const [existing] = await tx
        .select({ value: count() })
        .from(products)
        .where(eq(products.vendorId, vendor.id))
      if (!canAddProduct(vendor.plan, Number(existing?.value ?? 0))) throw planLimitReached(vendor.plan)
      const images = await imageUrls(tx, scope, input.images)
      const [product] = await tx
        .insert(products)
        .values({
          vendorId: vendor.id,
          name: input.name,
          description: input.description,
          category: input.category,
          images,
          status: 'approved',
        })
        .returning()
      const rows = await tx
        .insert(variants)
        .values(
          wanted.map((variant) => ({
            productId: product!.id,
            vendorId: vendor.id,
            sku: buildSku(input.name, variant.color, variant.size),
            price: variant.price,
            stock: variant.stock,
            attributes: attributesOf(variant),
          })),
        )
        .returning()
      await notify(tx, { topic: 'products', vendorId: vendor.id, id: product!.id })
      return toProductDto(product!, rows)
    }),
  )
}

function planLimitReached(plan: Plan) {
  return new AppError('CONFLICT', 'products.planLimit', { plan, limit: productLimitFor(plan) ?? 0 })
}

/**
 * Saves an edit without losing anything an order points at (README: deliberate divergences): the product row is locked first,
 * so two saves at once run one after the other and each sees the other's variants. Variants are matched by
 * SKU (or, after a rename, by colour and size) and updated in place; new combinations are added; a removed
 * variant is deleted when no order points at it and archived otherwise.
 */
export async function updateProduct(db: Db, scope: Scope, id: string, input: Input): Promise<ProductDto> {
  const wanted = wantedVariants(input)
  return withConflicts(() =>
    db.transaction(async (tx) => {
      const vendor = await requireVendor(tx, scope)
      if (!isUuid(id)) throw notFound()
      const [current] = await tx
        .select()
        .from(products)
        .where(and(eq(products.id, id), eq(products.vendorId, vendor.id)))
        .for('update')
      if (!current) throw notFound()
      const images = await imageUrls(tx, scope, input.images)
      const [product] = await tx
        .update(products)
        .set({ name: input.name, description: input.description, category: input.category, images })
        .where(eq(products.id, current.id))
        .returning()

      // Archived variants take part too: re-adding a combination brings its old row (and its orders) back.
      const existing = await tx.select().from(variants).where(eq(variants.productId, current.id))
      const bySku = new Map(existing.map((row) => [row.sku.toLowerCase(), row]))
      const byAttributes = new Map(
        existing.map((row) => [attributeKey(row.attributes.color, row.attributes.size), row]),
      )
      const kept = new Set<string>()
      const toInsert: (typeof variants.$inferInsert)[] = []
      for (const variant of wanted) {
        const sku = buildSku(input.name, variant.color, variant.size)
        const candidates = [
          bySku.get(sku.toLowerCase()),
          byAttributes.get(attributeKey(variant.color, variant.size)),
        ]
        const match = candidates.find((row) => row !== undefined && !kept.has(row.id))
        const values = { sku, price: variant.price, stock: variant.stock, attributes: attributesOf(variant) }
        if (match) {
          kept.add(match.id)
          await tx
            .update(variants)
            .set({ ...values, archivedAt: null })
            .where(eq(variants.id, match.id))
        } else {
          toInsert.push({ ...values, productId: current.id, vendorId: vendor.id })
        }
      }

      const removed = existing.filter((row) => !kept.has(row.id))
      if (removed.length > 0) {
        const removedIds = removed.map((row) => row.id)
        const orderedQuery = tx
          .select({ one: sql`1` })
          .from(orders)
          .where(eq(orders.variantId, variants.id))
        await tx.delete(variants).where(and(inArray(variants.id, removedIds), notExists(orderedQuery)))
        // What is left was ordered: kept for the order, hidden from lists. A rename renames it too, so the
        // old name's SKUs stay free for the vendor's other products.
        for (const row of removed) {
          await tx
            .update(variants)
            .set({
              archivedAt: row.archivedAt ?? new Date(),
              sku: buildSku(input.name, row.attributes.color, row.attributes.size),
            })
            .where(and(eq(variants.id, row.id), exists(orderedQuery)))
        }
      }
      if (toInsert.length > 0) await tx.insert(variants).values(toInsert)

      await notify(tx, { topic: 'products', vendorId: vendor.id, id: current.id })
      const rows = await tx
        .select()
        .from(variants)
        .where(and(eq(variants.productId, current.id), isNull(variants.archivedAt)))
      return toProductDto(product!, rows)
    }),
  )
}

/**
 * Removes the product and its variants. Orders keep their snapshot: their product and variant references
 * become null through the foreign keys, nothing else about them changes.
 */
export async function deleteProduct(db: Db, scope: Scope, id: string): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const vendor = await requireVendor(tx, scope)
    if (!isUuid(id)) throw notFound()
    const [deleted] = await tx
      .delete(products)
      .where(and(eq(products.id, id), eq(products.vendorId, vendor.id)))
      .returning({ id: products.id })
    if (!deleted) throw notFound()
    await notify(tx, { topic: 'products', vendorId: vendor.id, id: deleted.id })
    return { ok: true as const }
  })
}
