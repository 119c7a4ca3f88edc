import { writeFileSync } from 'node:fs'
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test'
import { SCREENS_FILE } from './paths'
import {
  adminApi,
  approveVendor,
  createConfirmedVendor,
  createVendorWithShop,
  expect,
  serverOrigin,
  signInByApi,
  test,
} from './support'

/*
 * The marketplace the axe pass (accessibility.spec.ts) reads, made through the API before any other scenario
 * adds to it: a few rows of every kind and every status a list or a badge can show, so each screen is checked
 * with the same handful of rows in every run (axe's time grows with what a screen holds).
 *
 * Shops: one approved with everything below, one approved with a single order, one pending, one rejected, and
 * a newcomer who confirmed the address but has not registered a shop. Products: approved (one low on stock, one
 * in colours and sizes), rejected. Orders: pending, completed, refunded. Payouts: pending, approved, approved
 * and received, rejected. Messages to the team: unread, read, answered. A paid plan awaiting payment. The audit
 * log holds the decisions.
 */

type Json = Record<string, unknown>

/** Every write says where it comes from, as the screens' requests do (the server checks the origin). */
async function send(
  api: APIRequestContext,
  method: 'post' | 'patch' | 'put',
  path: string,
  data: Json | undefined,
  status: number,
): Promise<Json> {
  const response = await api[method](path, { headers: { Origin: serverOrigin() }, data })
  expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(status)
  return (await response.json()) as Json
}

type Product = { id: string; variants: { id: string }[] }

const addProduct = async (shop: APIRequestContext, product: Json) =>
  (await send(
    shop,
    'post',
    '/api/vendor/products',
    { images: [], hasVariants: false, colors: [], sizes: [], ...product },
    201,
  )) as Product

test('a small marketplace with every status on screen', async () => {
  test.setTimeout(120_000)
  const tag = Date.now().toString(36)
  const admin = await adminApi()
  const newContext = () => playwrightRequest.newContext({ baseURL: serverOrigin() })

  // The shop whose screens are checked.
  const shop = await newContext()
  const vendor = await createVendorWithShop(shop, { shopName: `Ubukorikori bwa Aline ${tag}` })
  await approveVendor(admin, vendor.vendorId)
  const basket = await addProduct(shop, {
    name: `Agaseke k'imigongo ${tag}`,
    description: 'Agaseke gakozwe n’intoki i Nyamirambo',
    category: 'Home Decor',
    price: 15_000,
    variants: [{ price: 15_000, stock: 40 }],
  })
  // Two left: at or under the shop's threshold (5), so "Low stock" shows on the list and the dashboard.
  const coffee = await addProduct(shop, {
    name: `Ikawa ya Huye ${tag}`,
    category: 'Food',
    price: 8_000,
    variants: [{ price: 8_000, stock: 2 }],
  })
  await addProduct(shop, {
    name: `Ishati y'igitenge ${tag}`,
    category: 'Clothes',
    price: 12_000,
    colors: ['blue', 'orange'],
    sizes: ['m', 'l'],
    variants: [
      { color: 'blue', size: 'm', price: 12_000, stock: 6 },
      { color: 'blue', size: 'l', price: 12_000, stock: 4 },
      { color: 'orange', size: 'm', price: 13_000, stock: 9 },
      { color: 'orange', size: 'l', price: 13_000, stock: 0 },
    ],
  })
  const refused = await addProduct(shop, {
    name: `Amavuta y'inka ${tag}`,
    category: 'Skincare',
    price: 4_500,
    variants: [{ price: 4_500, stock: 12 }],
  })
  await send(
    admin,
    'patch',
    `/api/admin/products/${refused.id}/status`,
    { status: 'rejected', reason: 'The photo does not show the product.' },
    200,
  )

  // Orders: two completed (one with its delivery address), one refunded, one still pending.
  const order = (product: Product, customerName: string, quantity: number, delivery: Json = {}) =>
    send(
      admin,
      'post',
      '/api/admin/orders',
      {
        vendorId: vendor.vendorId,
        productId: product.id,
        variantId: product.variants[0]!.id,
        customerName,
        customerEmail: `${customerName.split(' ')[0]!.toLowerCase()}.${tag}@example.rw`,
        quantity,
        ...delivery,
      },
      201,
    ) as Promise<{ id: string }>
  const setStatus = (id: string, status: 'completed' | 'refunded') =>
    send(shop, 'patch', `/api/vendor/orders/${id}/status`, { status }, 200)
  const completed = await order(basket, 'Uwimana Claudine', 4, {
    customerPhone: '0788000111',
    deliveryDistrict: 'Gasabo',
    deliverySector: 'Kimironko',
    deliveryAddress: 'KG 11 Ave, inzu ya 12',
  })
  await setStatus(completed.id, 'completed')
  const second = await order(coffee, 'Habimana Eric', 1)
  await setStatus(second.id, 'completed')
  const refunded = await order(basket, 'Mukamana Grace', 1)
  await setStatus(refunded.id, 'completed')
  await setStatus(refunded.id, 'refunded')
  await order(basket, 'Niyonsenga Jean', 2, { deliveryNote: 'Hamagara mbere yo kuza' })

  // Payouts (the balance is the completed orders', 68,000 RWF): received, approved awaiting receipt,
  // rejected, and one pending (one request waits at a time, so it comes last).
  const requestPayout = async (amount: number) =>
    ((await send(shop, 'post', '/api/vendor/payouts', { amount }, 201)) as { id: string }).id
  const decide = (id: string, decision: Json) =>
    send(admin, 'patch', `/api/admin/payouts/${id}`, decision, 200)
  const received = await requestPayout(10_000)
  await decide(received, { status: 'approved', paymentReference: `MP${tag}A`.toUpperCase() })
  await send(shop, 'post', `/api/vendor/payouts/${received}/confirm-receipt`, undefined, 200)
  const approved = await requestPayout(12_000)
  await decide(approved, { status: 'approved', paymentReference: `MP${tag}B`.toUpperCase() })
  const rejected = await requestPayout(9_000)
  await decide(rejected, { status: 'rejected', reason: 'The mobile money number does not answer.' })
  await requestPayout(6_000)

  // Messages to the team: one answered (the vendor has an unread reply), one read, one waiting unread.
  const message = async (type: string, subject: string, content: string) =>
    ((await send(shop, 'post', '/api/messages', { type, subject, content }, 201)) as { id: string }).id
  const answered = await message('support', 'Ikibazo ku kwishyurwa', 'Muraho, amafaranga yanjye ntarahagera.')
  await send(admin, 'post', `/api/admin/messages/${answered}/reply`, { content: 'Yoherejwe uyu munsi.' }, 201)
  const read = await message('order', `Itegeko rya ${tag}`, 'Umukiriya yasabye guhindura aderesi.')
  await send(admin, 'post', `/api/messages/${read}/read`, undefined, 200)
  await message('general', 'Murakoze', 'Murakoze ku bufasha bwanyu.')

  // A paid plan chosen and awaiting the team's confirmation of its payment.
  await send(shop, 'put', '/api/vendor/subscription', { plan: 'growth' }, 200)

  // Other shops, so the admin's lists hold more than one shop and every application status.
  const other = await newContext()
  const otherShop = await createVendorWithShop(other, {
    fullName: 'Eric Habimana',
    shopName: `Ikawa nziza ya Huye ${tag}`,
  })
  await approveVendor(admin, otherShop.vendorId)
  const beans = await addProduct(other, {
    name: `Ikawa y'ibishyimbo ${tag}`,
    category: 'Drinks',
    price: 6_000,
    variants: [{ price: 6_000, stock: 25 }],
  })
  const beansOrder = (await send(
    admin,
    'post',
    '/api/admin/orders',
    {
      vendorId: otherShop.vendorId,
      productId: beans.id,
      variantId: beans.variants[0]!.id,
      customerName: 'Uwase Diane',
      customerEmail: `diane.${tag}@example.rw`,
      quantity: 3,
    },
    201,
  )) as { id: string }
  await send(other, 'patch', `/api/vendor/orders/${beansOrder.id}/status`, { status: 'completed' }, 200)
  await other.dispose()

  const pendingApi = await newContext()
  await createVendorWithShop(pendingApi, {
    fullName: 'Claudine Mukamana',
    shopName: `Imyenda ya Kigali ${tag}`,
  })
  await pendingApi.dispose()
  const rejectedApi = await newContext()
  const rejectedShop = await createVendorWithShop(rejectedApi, {
    fullName: 'Jean Niyonsenga',
    shopName: `Inkweto za Musanze ${tag}`,
  })
  await rejectedApi.dispose()
  await send(
    admin,
    'patch',
    `/api/admin/vendors/${rejectedShop.vendorId}/status`,
    { status: 'rejected', reason: 'The government ID is unreadable.' },
    200,
  )
  await admin.dispose()

  // The newcomer: confirmed, signed in, no shop yet (the registration wizard).
  const newcomer = await newContext()
  await signInByApi(newcomer, await createConfirmedVendor(newcomer, 'Diane Uwase'))

  // The two vendors' sessions, for the axe pass to open their screens without signing in again (each sign-in
  // spends the account's allowance).
  writeFileSync(
    SCREENS_FILE,
    JSON.stringify({
      shop: (await shop.storageState()).cookies,
      newcomer: (await newcomer.storageState()).cookies,
    }),
  )
  await shop.dispose()
  await newcomer.dispose()
})
