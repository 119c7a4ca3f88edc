import { and, count, eq, exists, inArray, isNull, notExists, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { colors, limits, sizes, type Plan, type VendorStatus } from '../../shared/constants'
import {
  categoriesWithVariants,
  type AdminProductDto,
  type AdminProductList,
  type adminProductListQuery,
  type bulkProductDecisionInput,
  type ProductDto,
  type productDecisionInput,
  type productInput,
  type ProductList,
  type productListQuery,
} from '../../shared/schemas/product'
import { fileIdFromUrl, fileThumbUrl, fileUrl } from '../../shared/schemas/upload'
import { buildSku } from '../../shared/sku'
import { canAddProduct, productLimitFor } from '../../shared/subscription'
import type { Db, Tx } from '../db/client'
import { countCapFor } from '../lib/paginate'
import { orders, products, variants, vendorTotals, vendors, type VariantAttributes } from '../db/schema'
import { AppError, isUniqueViolation, isUuid, notFound } from '../lib/errors'
import {
  lockInScope,
  lockOwnShop,
  productsIn,
  type AdminScope,
  type Scope,
  type VendorScope,
} from '../lib/scope'
import { recordAudit } from '../audit/record-audit'
import { notify } from '../realtime/events'
import { productFilter, productRows } from './products.queries'
import { mailDecision } from '../mail/decision-mail'
import { assertOwnedFiles } from '../lib/files'

type ProductRow = typeof products.$inferSelect
type ProductWithShop = Awaited<ReturnType<typeof productRows.first>> & {}
type VariantRow = typeof variants.$inferSelect
/** What a product's answer needs of a variant (lists read these columns only: a page maps hundreds of them). */
type LiveVariant = Pick<
  VariantRow,
  'id' | 'productId' | 'sku' | 'price' | 'stock' | 'version' | 'attributes' | 'archivedAt'
>
const liveVariantColumns = {
  id: variants.id,
  productId: variants.productId,
  sku: variants.sku,
  price: variants.price,
  stock: variants.stock,
  version: variants.version,
  attributes: variants.attributes,
  archivedAt: variants.archivedAt,
}
type Input = z.output<typeof productInput>

/** One variant the saved product must have: a colour × size combination, or the single default one. */
type WantedVariant = { color: string | null; size: string | null; price: number; stock: number }

const variantsMismatch = () =>
  new AppError('VALIDATION', 'products.variantsMismatch', undefined, {
    variants: 'products.variantsMismatch',
  })

const attributeKey = (color: string | null | undefined, size: string | null | undefined) =>
  `${color ?? ''}|${size ?? ''}`

/**
 * The vendor row locked for a product creation. NO KEY UPDATE conflicts with itself (two creations queue
 * up) but not with the KEY SHARE lock that inserting an order or a product takes on the vendor row, so
 * orders are never held up by it.
 */
const lockVendorForCreation = (tx: Tx, scope: VendorScope) =>
  lockOwnShop(
    tx,
    scope,
    { id: vendors.id, plan: vendors.subscriptionPlan, lowStockThreshold: vendors.lowStockThreshold },
    'no key update',
  )

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
export const byAttributes = (
  a: Pick<VariantRow, 'attributes' | 'sku'>,
  b: Pick<VariantRow, 'attributes' | 'sku'>,
) =>
  position(colors, a.attributes.color) - position(colors, b.attributes.color) ||
  position(sizes, a.attributes.size) - position(sizes, b.attributes.size) ||
  a.sku.localeCompare(b.sku)

function imageDto(url: string) {
  const id = fileIdFromUrl(url)
  // Product images are always pictures, and every uploaded picture has a thumbnail.
  return { url, thumbUrl: id ? fileThumbUrl(id) : null }
}

/**
 * What a form read, as one token: the product's version (bumped by every edit, which is also the only way
 * variants are added or removed) and the sum of its live variants' versions (bumped by every order's stock
 * change). Both only grow, so a token never comes back after a change.
 */
const versionOf = (product: ProductRow, live: LiveVariant[]) =>
  `${product.version}.${live.reduce((sum, row) => sum + row.version, 0)}`

const staleVersion = () => new AppError('CONFLICT', 'products.staleVersion')

/** What a product's answer needs of its shop: whether buyers see the shop, and when its stock counts as low. */
type ShopFacts = { status: VendorStatus; lowStockThreshold: number }

/**
 * The product as the screens see it: live (not archived) variants only, with the price range across them, their
 * stock added up, and whether one is low on stock by the shop's threshold (the rule of lib/stock.ts).
 */
export function toProductDto(product: ProductRow, rows: LiveVariant[], shop: ShopFacts): ProductDto {
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
    stock: live.reduce((sum, row) => sum + row.stock, 0),
    isLowStock: live.some((row) => row.stock <= shop.lowStockThreshold),
    version: versionOf(product, live),
    // As buyers see it: a pending shop's products are hidden until approved (specification: vendor status).
    isVisible: product.status === 'approved' && shop.status === 'approved',
    createdAt: product.createdAt.toISOString(),
  }
}

async function liveVariantsOf(tx: Tx, productIds: string[]) {
  if (productIds.length === 0) return new Map<string, LiveVariant[]>()
  const rows = await tx
    .select(liveVariantColumns)
    .from(variants)
    .where(and(inArray(variants.productId, productIds), isNull(variants.archivedAt)))
  const byProduct = new Map<string, LiveVariant[]>()
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
async function imageUrls(tx: Tx, scope: VendorScope, ids: readonly string[]) {
  await assertOwnedFiles(tx, {
    ownerUserId: scope.userId,
    ids,
    purpose: 'product_image',
    max: limits.maxProductImages,
  })
  return ids.map((id) => fileUrl(id.toLowerCase()))
}

/** The product's own fields as the vendor's form sets them, on creation and on each edit. */
async function detailsOf(tx: Tx, scope: VendorScope, input: Input) {
  const { name, description, category } = input
  return { name, description, category, images: await imageUrls(tx, scope, input.images) }
}

/** Products with their live variants, as the screens show them; the moderation screens add the shop. */
async function withVariants(db: Db | Tx, rows: ProductWithShop[]): Promise<AdminProductDto[]> {
  const variantsByProduct = await liveVariantsOf(
    db,
    rows.map((row) => row.product.id),
  )
  return rows.map(({ product, shop: { lowStockThreshold, ...shop } }) => ({
    ...toProductDto(product, variantsByProduct.get(product.id) ?? [], { ...shop, lowStockThreshold }),
    vendor: shop,
    decisionReason: product.decisionReason,
  }))
}

/** The vendor's answer leaves out what only the moderation screens show (the shop, the decision's reason). */
const asVendorSees = ({
  vendor: _vendor,
  decisionReason: _reason,
  ...product
}: AdminProductDto): ProductDto => product

/**
 * One page of the scope's products, newest first (`stock=low`: those low on stock), with the vendor's plan limit,
 * low-stock threshold and product count (none for an admin).
 */
export async function listProducts(
  db: Db,
  scope: Scope,
  query: z.output<typeof productListQuery>,
  timeZone: string,
): Promise<ProductList> {
  const [page, [vendor]] = await Promise.all([
    productRows.page(db, query, productFilter(scope, { stock: query.stock }, timeZone), {
      toItem: (row) => row,
    }),
    scope.role === 'vendor'
      ? db
          .select({
            plan: vendors.subscriptionPlan,
            lowStockThreshold: vendors.lowStockThreshold,
            // The shop's running totals (docs/decisions/007): every product, whatever the list's filter.
            productCount:
              sql<number>`coalesce(${vendorTotals.productsPending} + ${vendorTotals.productsApproved} + ${vendorTotals.productsRejected}, 0)`.mapWith(
                Number,
              ),
          })
          .from(vendors)
          .leftJoin(vendorTotals, eq(vendorTotals.vendorId, vendors.id))
          .where(eq(vendors.id, scope.vendorId))
      : [],
  ])
  return {
    ...page,
    items: (await withVariants(db, page.items)).map(asVendorSees),
    limit: vendor ? productLimitFor(vendor.plan) : null,
    lowStockThreshold: vendor?.lowStockThreshold ?? null,
    productCount: vendor?.productCount ?? null,
  }
}

/** One of the scope's products by id, with its shop; outside the scope it is not found. */
async function findProduct(db: Db, scope: Scope, id: string): Promise<AdminProductDto> {
  if (!isUuid(id)) throw notFound()
  const row = await productRows.first(db, and(eq(products.id, id), productsIn(scope)))
  if (!row) throw notFound()
  const [product] = await withVariants(db, [row])
  return product!
}

export const getProduct = async (db: Db, scope: Scope, id: string): Promise<ProductDto> =>
  asVendorSees(await findProduct(db, scope, id))

/**
 * A new product, live at once (status approved, specification §4), with its variants. The plan's product
 * limit is counted with the vendor row locked, so two creations at once cannot both take the last place.
 */
export async function createProduct(db: Db, scope: VendorScope, input: Input): Promise<ProductDto> {
  const wanted = wantedVariants(input)
  return withConflicts(() =>
    db.transaction(async (tx) => {
      const vendor = await lockVendorForCreation(tx, scope)
      const [existing] = await tx
        .select({ value: count() })
        .from(products)
        .where(eq(products.vendorId, vendor.id))
      if (!canAddProduct(vendor.plan, Number(existing?.value ?? 0))) throw planLimitReached(vendor.plan)
      const [product] = await tx
        .insert(products)
        .values({ vendorId: vendor.id, ...(await detailsOf(tx, scope, input)), status: 'approved' })
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
      return toProductDto(product!, rows, {
        status: scope.vendorStatus,
        lowStockThreshold: vendor.lowStockThreshold,
      })
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
export async function updateProduct(
  db: Db,
  scope: VendorScope,
  id: string,
  input: Input,
): Promise<ProductDto> {
  const wanted = wantedVariants(input)
  return withConflicts(() =>
    db.transaction(async (tx) => {
      const current = await lockInScope(tx, products, id, productsIn(scope))
      // A form opened before another edit or an order would write its old stock and prices back over them
      // (five sold out, the stale form restores 5): refused, the screen offers to reload.
      const live = await tx
        .select()
        .from(variants)
        .where(and(eq(variants.productId, current.id), isNull(variants.archivedAt)))
      if (input.version !== versionOf(current, live)) throw staleVersion()
      const [product] = await tx
        .update(products)
        .set({ ...(await detailsOf(tx, scope, input)), version: sql`${products.version} + 1` })
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
            .set({ ...values, archivedAt: null, version: sql`${variants.version} + 1` })
            .where(eq(variants.id, match.id))
        } else {
          toInsert.push({ ...values, productId: current.id, vendorId: current.vendorId })
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

      await notify(tx, { topic: 'products', vendorId: current.vendorId, id: current.id })
      const [rows, [shop]] = await Promise.all([
        tx
          .select()
          .from(variants)
          .where(and(eq(variants.productId, current.id), isNull(variants.archivedAt))),
        tx
          .select({ status: vendors.status, lowStockThreshold: vendors.lowStockThreshold })
          .from(vendors)
          .where(eq(vendors.id, current.vendorId)),
      ])
      return toProductDto(product!, rows, shop!)
    }),
  )
}

/**
 * Removes the product and its variants. Orders keep their snapshot: their product and variant references
 * become null through the foreign keys, nothing else about them changes.
 */
export async function deleteProduct(db: Db, scope: Scope, id: string): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    if (!isUuid(id)) throw notFound()
    const [deleted] = await tx
      .delete(products)
      .where(and(eq(products.id, id), productsIn(scope)))
      .returning({
        id: products.id,
        vendorId: products.vendorId,
        name: products.name,
        status: products.status,
      })
    if (!deleted) throw notFound()
    // A deletion leaves nothing to look at afterwards but its entry: written with it, or not at all.
    await recordAudit(tx, {
      by: scope,
      action: 'delete',
      targetTable: 'products',
      targetId: deleted.id,
      oldValues: { name: deleted.name, status: deleted.status },
      details: { vendor_id: deleted.vendorId },
    })
    await notify(tx, { topic: 'products', vendorId: deleted.vendorId, id: deleted.id })
    return { ok: true as const }
  })
}

export type AdminListQuery = z.output<typeof adminProductListQuery>

/** /admin/products: the scope's products (every shop's for an admin), newest first, filtered. */
export async function listModerationProducts(
  db: Db,
  scope: Scope,
  query: AdminListQuery,
  timeZone: string,
): Promise<AdminProductList> {
  const page = await productRows.page(db, query, productFilter(scope, query, timeZone), {
    countCap: countCapFor(query.q),
    toItem: (row) => row,
  })
  return { ...page, items: await withVariants(db, page.items) }
}

/** One product as the moderation screens show it (with its shop and the decision's reason). */
export const getModerationProduct = findProduct

type Decision = z.output<typeof productDecisionInput>

/**
 * Moves locked products to the decided status (specification §4: approve unless approved, reject unless
 * rejected), each with its own audit row and announcement, in the caller's transaction. Returns the ids that
 * changed; a product already in that status is left as it is.
 */
async function applyDecision(
  tx: Tx,
  admin: AdminScope,
  ids: string[],
  decision: Decision,
  publicUrl: string,
) {
  const current = await tx
    .select({
      id: products.id,
      vendorId: products.vendorId,
      status: products.status,
      name: products.name,
      vendorUserId: vendors.userId,
    })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(and(inArray(products.id, ids), productsIn(admin)))
    .orderBy(products.id)
    .for('update', { of: products })
  const changed: string[] = []
  const reason = decision.status === 'rejected' ? decision.reason : null
  for (const product of current) {
    if (product.status === decision.status) continue
    await tx
      .update(products)
      .set({ status: decision.status, decisionReason: reason })
      .where(eq(products.id, product.id))
    await recordAudit(tx, {
      by: admin,
      action: decision.status === 'approved' ? 'approve' : 'reject',
      targetTable: 'products',
      targetId: product.id,
      oldValues: { status: product.status },
      newValues: { status: decision.status },
      details: {
        previous_status: product.status,
        new_status: decision.status,
        product_name: product.name,
        ...(reason ? { reason } : {}),
      },
    })
    await notify(tx, { topic: 'products', vendorId: product.vendorId, id: product.id })
    changed.push(product.id)
  }
  if (decision.status === 'rejected') {
    // One mail per vendor, naming each of their products this decision rejected.
    const namesBy = new Map<string, string[]>()
    for (const product of current) {
      if (!changed.includes(product.id)) continue
      namesBy.set(product.vendorUserId, [...(namesBy.get(product.vendorUserId) ?? []), product.name])
    }
    for (const [userId, productNames] of namesBy) {
      await mailDecision(tx, {
        userId,
        publicUrl,
        decision: { kind: 'productRejected', productNames, reason },
      })
    }
  }
  return { found: current, changed }
}

/** An admin approves or rejects one product; deciding the status it already has is refused (409). */
export async function decideProduct(
  db: Db,
  admin: AdminScope,
  id: string,
  decision: Decision,
  publicUrl: string,
): Promise<AdminProductDto> {
  if (!isUuid(id)) throw notFound()
  await db.transaction(async (tx) => {
    const { found, changed } = await applyDecision(tx, admin, [id], decision, publicUrl)
    if (found.length === 0) throw notFound()
    if (changed.length === 0) {
      throw new AppError('CONFLICT', 'products.alreadyDecided', { status: decision.status })
    }
  })
  return getModerationProduct(db, admin, id)
}

/** The same decision for the selected products, in one transaction; each change audited on its own. */
export async function decideProducts(
  db: Db,
  admin: AdminScope,
  input: z.output<typeof bulkProductDecisionInput>,
  publicUrl: string,
): Promise<{ changed: string[]; unchanged: string[] }> {
  const ids = [...new Set(input.ids.map((id) => id.toLowerCase()))].filter(isUuid)
  const changed =
    ids.length === 0
      ? []
      : (await db.transaction((tx) => applyDecision(tx, admin, ids, input, publicUrl))).changed
  return { changed, unchanged: input.ids.filter((id) => !changed.includes(id.toLowerCase())) }
}
