import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { VendorProfile } from '../../src/shared/schemas/vendor'
import { CreateOrderModal } from '../../src/web/admin-area/orders/create-order-modal'
import { i18next } from '../../src/web/i18n'
import en from '../../src/web/i18n/en.json'
import rw from '../../src/web/i18n/rw.json'
import { LowStockSection } from '../../src/web/vendor-area/components/low-stock-section'
import { ShopInfoSection } from '../../src/web/vendor-area/components/shop-info-section'
import { ProductDialog } from '../../src/web/vendor-area/products/product-dialog'
import { RegistrationWizard } from '../../src/web/vendor-area/register/registration-wizard'
import { renderInApp } from './render'

/**
 * A form sent empty marks every required field it lacks, each beside itself and all at once (not only the first),
 * in the reader's language: the person sees at a glance what is left to fill in.
 */

/** The text a field is described by: its error and its hint. */
function messageOf(field: HTMLElement) {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

/** Each field named by its label: marked invalid, and described by `message`. */
function expectMarked(scope: HTMLElement, labels: string[], message: string) {
  for (const label of labels) {
    const field = within(scope).getByLabelText(new RegExp(`^${escape(label)}`))
    expect(field.getAttribute('aria-invalid'), label).toBe('true')
    expect(messageOf(field), label).toContain(message)
  }
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The server, as the browser's fetch sees it: lists come back empty, anything else is refused. */
function quietServer() {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input)
    const body = url.includes('/shops') || url.includes('/products') ? { items: [] } : {}
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

beforeAll(() => {
  // Autosizing textareas listen for web fonts, which happy-dom does not load.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    })
})

afterEach(async () => {
  vi.unstubAllGlobals()
  await act(() => i18next.changeLanguage('en'))
})

const required = en.errors.required

describe('an empty form, sent', () => {
  it('the order form marks the shop, product, variant, customer name and e-mail, and says to fill them in', async () => {
    const fetch = quietServer()
    renderInApp(<CreateOrderModal opened onClose={() => {}} onCreated={() => {}} />)
    const dialog = await screen.findByRole('dialog')
    const create = en.admin.orders.create
    await userEvent.click(within(dialog).getByRole('button', { name: create.submit }))

    expectMarked(
      dialog,
      [create.vendor, create.product, create.variant, create.customerName, create.customerEmail],
      required,
    )
    // The specification's words stay, under the form.
    expect(within(dialog).getByRole('alert').textContent).toBe(en.orders.requiredFields)
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(
      false,
    )

    // Filled in, a field is no longer marked; the others still are.
    await userEvent.type(within(dialog).getByLabelText(new RegExp(`^${create.customerName}`)), 'Aline')
    expect(
      within(dialog)
        .getByLabelText(new RegExp(`^${create.customerName}`))
        .getAttribute('aria-invalid'),
    ).not.toBe('true')
    expectMarked(dialog, [create.customerEmail], required)
  })

  it('the product form marks the name, category and price', async () => {
    quietServer()
    renderInApp(<ProductDialog opened product={null} sessionKey={1} onClose={() => {}} onSaved={() => {}} />)
    const dialog = await screen.findByRole('dialog')
    const fields = en.vendor.products.fields
    await userEvent.click(within(dialog).getByRole('button', { name: en.vendor.products.dialog.save }))

    expectMarked(dialog, [fields.name, fields.category, fields.price], required)
  })

  it('the profile marks the shop name and business address emptied', async () => {
    quietServer()
    const { container } = renderInApp(<ShopInfoSection profile={profile} />)
    await userEvent.click(screen.getByRole('button', { name: en.actions.edit }))
    await userEvent.clear(screen.getByLabelText(new RegExp(`^${en.fields.shopName}`)))
    await userEvent.clear(screen.getByLabelText(new RegExp(`^${en.fields.businessAddress}`)))
    await userEvent.click(screen.getByRole('button', { name: en.actions.saveChanges }))

    expectMarked(container, [en.fields.shopName, en.fields.businessAddress], required)
  })

  // The card's own rule is the server's: an emptied threshold is refused here and never sent.
  it('the low-stock threshold emptied is marked and not sent; Cancel hands focus back to Edit', async () => {
    const fetch = quietServer()
    renderInApp(<LowStockSection profile={profile} />)
    const edit = () => screen.getByRole('button', { name: new RegExp(`^${en.actions.edit}`) })
    await userEvent.click(edit())
    const field = screen.getByLabelText(new RegExp(`^${en.vendor.profile.lowStock.label}`))
    expect(document.activeElement).toBe(field)
    await userEvent.clear(field)
    await userEvent.click(screen.getByRole('button', { name: en.actions.saveChanges }))

    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(
      fetch.mock.calls.filter(([input]) =>
        String(input instanceof Request ? input.url : input).includes('/profile'),
      ),
    ).toHaveLength(0)
    await userEvent.click(screen.getByRole('button', { name: en.actions.cancel }))
    expect(document.activeElement).toBe(edit())
  })

  it('each step of the shop registration marks all it lacks, in Kinyarwanda too', async () => {
    quietServer()
    const { container } = renderInApp(
      <MemoryRouter>
        <RegistrationWizard me={me} />
      </MemoryRouter>,
    )
    const next = () => userEvent.click(screen.getByRole('button', { name: en.vendor.register.next }))

    // Step 1: the name (cleared) and the phone.
    await userEvent.clear(screen.getByLabelText(new RegExp(`^${en.fields.fullName}`)))
    await next()
    expectMarked(container, [en.fields.fullName, en.vendor.register.fields.phone], required)

    // The same marks, read in Kinyarwanda.
    i18next.addResourceBundle('rw', 'translation', rw, true, true)
    await act(() => i18next.changeLanguage('rw'))
    expectMarked(container, [rw.fields.fullName, rw.vendor.register.fields.phone], rw.errors.required)
    await act(() => i18next.changeLanguage('en'))

    await userEvent.type(screen.getByLabelText(new RegExp(`^${en.fields.fullName}`)), 'Amina Uwase')
    await userEvent.type(
      screen.getByLabelText(new RegExp(`^${en.vendor.register.fields.phone}`)),
      '0788123456',
    )
    await next()

    // Step 2: the shop's name and address.
    await next()
    expectMarked(container, [en.fields.shopName, en.fields.businessAddress], required)
    await userEvent.type(screen.getByLabelText(new RegExp(`^${en.fields.shopName}`)), 'Amina Crafts')
    await userEvent.type(screen.getByLabelText(new RegExp(`^${en.fields.businessAddress}`)), 'KN 4 Ave')
    await next()

    // Step 3, the logo, is optional; step 4 needs the government ID.
    await next()
    await next()
    expectMarked(container, [en.fields.govId], en.vendor.register.govIdRequired)
  })
})

const me = {
  user: {
    id: 'u-1',
    email: 'amina@example.rw',
    fullName: 'Amina',
    role: 'vendor' as const,
    emailVerified: true,
  },
  vendor: null,
}

const profile: VendorProfile = {
  id: 'v-1',
  email: 'amina@example.rw',
  fullName: 'Amina Uwase',
  shopName: 'Amina Crafts',
  businessAddress: 'KN 4 Ave, Kigali',
  lowStockThreshold: 5,
  tin: null,
  vatRegistered: false,
  smsOptOut: false,
  phone: null,
  shopLogo: null,
  govId: null,
  businessDocuments: [],
  idDocuments: [],
  payoutMethod: null,
  payoutDetails: null,
  status: 'approved',
  decisionReason: null,
  subscription: { plan: 'starter', status: 'active', startsAt: '2026-01-01T00:00:00Z', expiresAt: null },
  requestedPlan: null,
  createdAt: '2026-01-01T00:00:00Z',
}
