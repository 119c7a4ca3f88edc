import { request as playwrightRequest, type Page } from '@playwright/test'
import {
  adminApi,
  approveVendor,
  chooseLanguageBeforehand,
  createVendorWithShop,
  expect,
  openAdminArea,
  openScreen,
  serverOrigin,
  signInByApi,
  test,
  testLanguages,
} from './support'

/*
 * No screen of either area is wider than the window: not at 1280 px (the desktop project: the width from which
 * the lists are tables beside the 240 px menu), not at 375 px (the phone project). Each screen is opened with
 * rows of its own (a shop with long names, an order, a pending and an approved payout, a message), in English
 * and in Kinyarwanda, whose words are longer: a table whose last column (Approve, Reject) falls off the right
 * edge makes the page scroll sideways, and a badge wider than its card sticks out of it.
 */

/** What sticks out past the window's right edge, for the report: the page's overflow and the widest culprits. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth
    /** Inside a box that clips or scrolls sideways, an element's overflow is that box's business. */
    const isClipped = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX
        if (overflowX !== 'visible') return true
      }
      return false
    }
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect()
        return box.width > 0 && box.height > 0 && box.right > width + 1 && !isClipped(element)
      })
      .map((element) => {
        const box = element.getBoundingClientRect()
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''
        return `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')} "${name}" ends at ${Math.round(box.right)} px`
      })
      .slice(0, 6)
    return { overflow: document.documentElement.scrollWidth - width, culprits }
  })
}

/** Opens a screen, waits for its rows, and records how far it scrolls sideways (nothing, if it fits). */
async function measure(page: Page, path: string, problems: string[]) {
  await openScreen(page, path)
  // The fonts and the lists' last rows have settled.
  await page.waitForTimeout(300)
  const { overflow, culprits } = await sidewaysOverflow(page)
  if (overflow > 0 || culprits.length > 0) {
    problems.push(`${path}: scrolls ${overflow} px sideways; past the edge: ${culprits.join('; ') || 'none'}`)
  }
}

for (const lang of testLanguages) {
  test(`every vendor and admin screen fits the window, with long names (${lang})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000)
    const tag = `${testInfo.project.name}${Date.now().toString(36)}`
    // Long Kinyarwanda names without many spaces: they must wrap, not widen a column.
    const vendorApi = await playwrightRequest.newContext({ baseURL: serverOrigin() })
    const vendor = await createVendorWithShop(vendorApi, {
      fullName: 'Nyirahabimana Uwamahoro Mukamurenzi',
      shopName: `Ubukorikori bw'Abanyarwandakazi Nyamirambo ${tag}`,
    })
    const admin = await adminApi()
    await approveVendor(admin, vendor.vendorId)
    const created = await vendorApi.post('/api/vendor/products', {
      data: {
        name: `Agaseke k'Imigongo Ikoze mu Ntoki z'Abanyabukorikori ${tag}`,
        description: 'Agaseke gakozwe n’intoki',
        category: 'Home Decor',
        price: 125_000,
        variants: [{ price: 125_000, stock: 30 }],
      },
    })
    expect(created.status(), await created.text()).toBe(201)
    const product = (await created.json()) as { id: string; variants: { id: string }[] }
    for (const customer of ['Uwimanimpaye Mukashyaka Dusabimana', 'Habyarimana Ntakirutimana']) {
      const ordered = await admin.post('/api/admin/orders', {
        data: {
          vendorId: vendor.vendorId,
          productId: product.id,
          variantId: product.variants[0]!.id,
          customerName: customer,
          customerEmail: `${customer.split(' ')[0]!.toLowerCase()}.${tag}@example.rw`,
          quantity: 4,
        },
      })
      expect(ordered.status(), await ordered.text()).toBe(201)
      const { id } = (await ordered.json()) as { id: string }
      const completed = await vendorApi.patch(`/api/vendor/orders/${id}/status`, {
        data: { status: 'completed' },
      })
      expect(completed.status(), await completed.text()).toBe(200)
    }
    // An approved payout (its receipt pending) and a pending one (Approve and Reject in its row).
    const first = await vendorApi.post('/api/vendor/payouts', { data: { amount: 150_000 } })
    expect(first.status(), await first.text()).toBe(201)
    const approved = await admin.patch(`/api/admin/payouts/${((await first.json()) as { id: string }).id}`, {
      headers: { Origin: serverOrigin() },
      data: { status: 'approved', paymentReference: `MP${tag}`.toUpperCase() },
    })
    expect(approved.status(), await approved.text()).toBe(200)
    const pending = await vendorApi.post('/api/vendor/payouts', { data: { amount: 765_432 } })
    expect(pending.status(), await pending.text()).toBe(201)
    const sent = await vendorApi.post('/api/messages', {
      data: { type: 'support', subject: `Ikibazo ku kwishyurwa ${tag}`, content: 'Muraho, ndabaza…' },
    })
    expect(sent.status(), await sent.text()).toBe(201)
    await admin.dispose()

    const problems: string[] = []
    // The order and payout lists with their widest filters: the period's own dates open beside the others.
    const chosenDays = '?days=custom&from=2020-01-01'
    await chooseLanguageBeforehand(page, lang)
    await signInByApi(page.request, vendor)
    for (const path of [
      '/vendor',
      '/vendor/products',
      `/vendor/orders${chosenDays}`,
      `/vendor/payouts${chosenDays}`,
      '/vendor/messages',
      '/vendor/subscription',
      '/vendor/profile',
    ]) {
      await measure(page, path, problems)
    }
    await vendorApi.dispose()

    await page.context().clearCookies()
    await chooseLanguageBeforehand(page, lang)
    await openAdminArea(page)
    for (const path of [
      '/admin',
      '/admin/vendors',
      '/admin/products',
      `/admin/orders${chosenDays}`,
      `/admin/payouts${chosenDays}`,
      '/admin/reports',
      '/admin/messages',
      '/admin/audit-logs',
      '/admin/money',
    ]) {
      await measure(page, path, problems)
    }
    await testInfo.attach('overflow', { body: problems.join('\n') || 'none', contentType: 'text/plain' })
    expect(problems, problems.join('\n')).toEqual([])
  })
}
