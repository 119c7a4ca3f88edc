/**
 * The shops' files: logos, documents and product pictures, drawn (demo-pictures.ts) and sent through the
 * app's own upload service (WebP, with thumbnails), a few at a time while the story plays.
 */
import type { UploadPurpose } from '../../../shared/schemas/upload'
import { createUpload } from '../../uploads/uploads.service'
import type { DemoProduct } from './demo-data'
import { documentPdf, productPicture, shopLogo } from './demo-pictures'
import { actorOf, type DemoFiles, type ShopState, type Stage } from './demo-story'

/**
 * Starts every upload, in the order the story needs them, a few at a time: sharp converts on its own
 * threads while the database plays the story. Each shop's and product's files are a promise to await.
 */
export function uploadFiles({ uploads }: Stage, list: ShopState[]): DemoFiles {
  const queue = createQueue(3)
  const wizard: DemoFiles['wizard'] = new Map()
  const pictures = new Map<DemoProduct, Promise<string[]>>()
  const byRegistration = [...list].sort((a, b) => b.data.registeredDaysAgo - a.data.registeredDaysAgo)
  const uploadFor = (shop: ShopState) => async (purpose: UploadPurpose, bytes: Buffer, name: string) =>
    (await createUpload(uploads, actorOf(shop), { purpose, bytes, name })).id
  for (const shop of byRegistration) {
    const { data } = shop
    const upload = uploadFor(shop)
    wizard.set(
      shop,
      queue(async () => ({
        logo: await upload('logo', await shopLogo(data.shopName, data.color), 'logo.png'),
        govId: await upload('gov_id', documentPdf(`National ID - ${data.owner.fullName}`), 'national-id.pdf'),
        businessDocuments: data.hasBusinessDocuments
          ? [await upload('business_document', documentPdf(`RDB certificate - ${data.shopName}`), 'rdb.pdf')]
          : [],
      })),
    )
  }
  for (const shop of byRegistration) {
    const upload = uploadFor(shop)
    for (const product of shop.data.products) {
      const views = product.hasSecondPicture ? [0, 1] : [0]
      pictures.set(
        product,
        queue(async () => {
          const ids: string[] = []
          for (const view of views) {
            const picture = await productPicture(product.name, product.category, view)
            ids.push(await upload('product_image', picture, `photo-${view + 1}.png`))
          }
          return ids
        }),
      )
    }
  }
  // Unhandled until awaited: a failure surfaces where the story needs the file, and at the end.
  for (const pending of [...wizard.values(), ...pictures.values()]) pending.catch(() => {})
  return { wizard, pictures, all: () => Promise.all([...wizard.values(), ...pictures.values()]) }
}

/** Runs the functions given to it at most `size` at a time, in the order given; each call returns its promise. */
function createQueue(size: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return <T>(job: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        running += 1
        job()
          .then(resolve, reject)
          .finally(() => {
            running -= 1
            waiting.shift()?.()
          })
      }
      if (running < size) start()
      else waiting.push(start)
    })
}
