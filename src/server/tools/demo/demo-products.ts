/**
 * The shops' products: listed with their pictures and variants (colours × sizes, some deeper than others) over
 * the weeks after a shop registers; the team turns a few down.
 */
import { productDecisionInput, productInput } from '../../../shared/schemas/product'
import { DAY_MS } from '../../../shared/subscription'
import { createProduct, decideProduct } from '../../products/products.service'
import { HOUR_MS } from './demo-clock'
import type { DemoProduct } from './demo-data'
import { vendorScope, type ProductState, type ShopState, type Story } from './demo-story'

export function planProducts(story: Story, shop: ShopState, registeredAt: number) {
  const { random, later } = story
  const { products: list, status } = shop.data
  if (status === 'rejected') return
  // An approved shop lists after its (paid) plan is confirmed, most of its range within two weeks and the
  // rest as new arrivals; an applicant lists while waiting for the team.
  const start = status === 'approved' ? registeredAt + 4 * DAY_MS : registeredAt + 2 * HOUR_MS
  const firstWave = Math.ceil(list.length * 0.7)
  const stop = status === 'approved' ? -3 * DAY_MS : -1 * HOUR_MS
  list.forEach((data, index) => {
    const at =
      status !== 'approved'
        ? start + ((stop - start) * (index + random.next())) / list.length
        : index < firstWave
          ? later(start + index * random.between(0.3, 0.9) * DAY_MS, 0, 3)
          : later(start + random.between(0.25, 1) * (stop - start), 0, 2)
    story.timeline.at(Math.min(at, stop), (when) => listProduct(story, shop, data, index, when))
  })
}

/** What the product form sends: one variant per colour and size, or one without either. */
function productForm(shop: ShopState, data: DemoProduct, images: string[]) {
  const stock = data.stock ?? 40
  const hasVariants = Boolean(data.colors && data.sizes)
  return productInput.parse({
    name: data.name,
    description: `${data.note} From ${shop.data.shopName}, ${shop.data.city}.`,
    category: data.category,
    price: data.price,
    images,
    hasVariants,
    colors: data.colors ?? [],
    sizes: data.sizes ?? [],
    variants: hasVariants
      ? data.colors!.flatMap((color, colorIndex) =>
          data.sizes!.map((size, sizeIndex) => ({
            color,
            size,
            price: data.price + (['xxl', 'xxxl'].includes(size) ? 2_000 : 0),
            // Not every combination is as deep: some sell out sooner.
            stock: Math.max(0, stock - ((colorIndex + sizeIndex) % 3) * Math.ceil(stock / 3)),
          })),
        )
      : [{ price: data.price, stock }],
  })
}

async function listProduct(story: Story, shop: ShopState, data: DemoProduct, index: number, at: number) {
  const { stamps } = story
  const images = await story.files.pictures.get(data)!
  const input = productForm(shop, data, images)
  const product = await story.act(
    at,
    (request) => createProduct(story.db, vendorScope(shop, request), input),
    (created, when) => {
      stamps.set('products', 'created_at', created.id, when)
      stamps.set('products', 'updated_at', created.id, when)
      for (const variant of created.variants) {
        stamps.set('variants', 'created_at', variant.id, when)
        stamps.set('variants', 'updated_at', variant.id, when)
      }
      for (const id of images) stamps.set('files', 'created_at', id, new Date(when.getTime() - 5 * 60_000))
    },
  )
  const state: ProductState = {
    id: product.id,
    data,
    status: 'approved',
    createdAt: at,
    // The first products of a shop are its best known.
    popularity: 1 / (1 + index * 0.18),
    variants: product.variants.map((variant) => ({ id: variant.id, stock: variant.stock })),
  }
  shop.products.push(state)
  if (data.rejectedBecause) {
    const reason = data.rejectedBecause
    story.timeline.at(story.later(at, 20, 80), (rejectedAt) =>
      rejectProduct(story, state, reason, rejectedAt),
    )
  }
}

async function rejectProduct(story: Story, product: ProductState, reason: string, at: number) {
  await story.act(
    at,
    (request) =>
      decideProduct(
        story.db,
        story.admin(request),
        product.id,
        productDecisionInput.parse({ status: 'rejected', reason }),
        story.config.publicUrl,
      ),
    (_result, when) => story.stamps.set('products', 'updated_at', product.id, when),
  )
  product.status = 'rejected'
}
