import { useForm } from '@mantine/form'
import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { VendorProfile } from '../../src/shared/schemas/vendor'
import { UploadWidget } from '../../src/web/components/upload-widget'
import en from '../../src/web/i18n/en.json'
import { ShopInfoSection } from '../../src/web/vendor-area/components/shop-info-section'
import { ComposeForm } from '../../src/web/vendor-area/messages/compose-form'
import { PayoutStep } from '../../src/web/vendor-area/register/payout-step'
import { PersonalStep } from '../../src/web/vendor-area/register/personal-step'
import { ShopStep } from '../../src/web/vendor-area/register/shop-step'
import { initialWizardValues, type WizardValues } from '../../src/web/vendor-area/register/wizard-form'
import { renderInApp } from './render'

/**
 * The shop's forms (registration, profile, a message to the team) keep a pasted text whole, however long, and
 * say beside the field how long it may be; nothing is cut. A refused document names the types it takes.
 */
const longText = 'x'.repeat(2000)

/** The text a field is described by: its error and its hint. */
function messageOf(field: HTMLElement) {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

async function paste(field: HTMLElement, text: string) {
  await userEvent.click(field)
  await userEvent.paste(text)
}

function Wizard({ step, values }: { step: 'personal' | 'shop' | 'payout'; values?: Partial<WizardValues> }) {
  const form = useForm<WizardValues>({ initialValues: { ...initialWizardValues(''), ...values } })
  if (step === 'personal') return <PersonalStep form={form} email="amina@example.rw" />
  return step === 'shop' ? <ShopStep form={form} /> : <PayoutStep form={form} />
}

const profile: VendorProfile = {
  id: 'v-1',
  email: 'amina@example.rw',
  fullName: 'Amina Uwase',
  shopName: 'Amina Crafts',
  businessAddress: 'KN 4 Ave, Kigali',
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
  lowStockThreshold: 5,
  createdAt: '2026-01-01T00:00:00Z',
}

beforeAll(() => {
  // Autosizing textareas listen for web fonts, which happy-dom does not load.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the registration wizard', () => {
  it('keeps a pasted shop name and address whole and says how long each may be', async () => {
    renderInApp(<Wizard step="shop" />)
    const shopName = screen.getByRole('textbox', { name: new RegExp(en.fields.shopName) })
    await paste(shopName, longText)
    expect((shopName as HTMLInputElement).value).toHaveLength(2000)
    expect(messageOf(shopName)).toContain('At most 100 characters (you have 2000)')
    const address = screen.getByRole('textbox', { name: new RegExp(en.fields.businessAddress) })
    await paste(address, longText)
    expect((address as HTMLTextAreaElement).value).toHaveLength(2000)
    expect(messageOf(address)).toContain('At most 300 characters (you have 2000)')
  })

  it('keeps a pasted full name and phone whole', async () => {
    renderInApp(<Wizard step="personal" />)
    const name = screen.getByRole('textbox', { name: new RegExp(en.fields.fullName) })
    await paste(name, longText)
    expect((name as HTMLInputElement).value).toHaveLength(2000)
    expect(messageOf(name)).toContain('At most 100 characters (you have 2000)')
    const phone = screen.getByRole('textbox', { name: new RegExp(en.vendor.register.fields.phone) })
    const typed = '0788 123 456 0788 123 456 0788 123 456'
    await paste(phone, typed)
    expect(phone).toHaveProperty('value', typed)
  })

  it('keeps a pasted account number whole and says how long it may be', async () => {
    renderInApp(<Wizard step="payout" values={{ payoutMethod: 'bank' }} />)
    const account = screen.getByRole('textbox', { name: new RegExp(en.fields.accountNumber) })
    await paste(account, '1'.repeat(40))
    expect((account as HTMLInputElement).value).toHaveLength(40)
    expect(messageOf(account)).toContain('At most 34 characters (you have 40)')
  })

  it('refuses a document of another type, naming the types it takes', async () => {
    renderInApp(
      <UploadWidget purpose="gov_id" label="Government ID" maxFiles={1} value={[]} onChange={() => {}} />,
    )
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
    fireEvent.change(input, { target: { files: [new File(['text'], 'notes.txt', { type: 'text/plain' })] } })
    expect(await screen.findByText('Only JPEG, PNG, WebP, GIF, PDF files are accepted here.')).toBeTruthy()
  })
})

describe('the shop profile', () => {
  it('keeps a pasted shop name whole, says how long it may be, and does not send it', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }))
    vi.stubGlobal('fetch', fetch)
    renderInApp(<ShopInfoSection profile={profile} />)
    await userEvent.click(screen.getByRole('button', { name: en.actions.edit }))
    const shopName = screen.getByRole('textbox', { name: new RegExp(en.fields.shopName) })
    await userEvent.clear(shopName)
    await paste(shopName, longText)
    expect((shopName as HTMLInputElement).value).toHaveLength(2000)
    expect(messageOf(shopName)).toContain('At most 100 characters (you have 2000)')
    fireEvent.submit(shopName.closest('form')!)
    expect(fetch).not.toHaveBeenCalled()
  })
})

describe('a new message to the team', () => {
  it('keeps a pasted subject whole and says how long it may be', async () => {
    renderInApp(<ComposeForm shopName="Amina Crafts" onSent={() => {}} onCancel={() => {}} />)
    const subject = screen.getByRole('textbox', { name: new RegExp(en.vendor.messages.compose.subject) })
    await paste(subject, longText)
    expect((subject as HTMLInputElement).value).toHaveLength(2000)
    expect(messageOf(subject)).toContain('At most 200 characters (you have 2000)')
  })

  it('keeps a pasted message over 5,000 characters whole and says so', async () => {
    renderInApp(<ComposeForm shopName="Amina Crafts" onSent={() => {}} onCancel={() => {}} />)
    const content = screen.getByRole('textbox', {
      name: new RegExp(`^${en.vendor.messages.compose.content}`),
    })
    await paste(content, 'y'.repeat(5001))
    expect((content as HTMLTextAreaElement).value).toHaveLength(5001)
    expect(messageOf(content)).toContain('At most 5000 characters (you have 5001)')
  })
})
