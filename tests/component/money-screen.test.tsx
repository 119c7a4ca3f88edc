import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CommissionRuleDto, MoneySettingsDto } from '../../src/shared/schemas/commission'
import AdminMoneyPage from '../../src/web/admin-area/money-page'
import en from '../../src/web/i18n/en.json'
import { renderInApp } from './render'

const settings: MoneySettingsDto = {
  vatRateBp: 1800,
  holdDays: 0,
  debtLimit: null,
  adjustmentApprovalAbove: 100_000,
  payoutApprovalAbove: 1_000_000,
  lowFloatBelow: 2_000_000,
  marketplaceName: 'Isoko',
  marketplaceTin: null,
  updatedAt: '2026-03-03T08:00:00.000Z',
  updatedByName: null,
}

const shopRule: CommissionRuleDto = {
  id: '3f2b8c1e-5d4a-4e7b-9c1d-2a6f8e0b7c41',
  scope: 'shopCategory',
  vendorId: '0b2b8c1e-5d4a-4e7b-9c1d-2a6f8e0b7c41',
  shopName: 'Kivu Crafts',
  category: 'Books',
  plan: null,
  rateBp: 750,
  fixedAmount: 100,
  minAmount: null,
  maxAmount: 5_000,
  createdAt: '2026-03-03T08:00:00.000Z',
  updatedAt: '2026-03-03T08:00:00.000Z',
}

type Call = { method: string; path: string; body: unknown }

/** The server as the screen's fetch sees it: the settings and one rule; every call is kept to read back. */
function stubServer() {
  const calls: Call[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, path: url.pathname, body })
    const answer =
      url.pathname === '/api/admin/money-settings'
        ? method === 'PUT'
          ? { ...settings, ...(body as object), updatedByName: 'Admin Uwase' }
          : settings
        : url.pathname === '/api/admin/commission-rules'
          ? { items: [shopRule] }
          : { ok: true }
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetch)
  return { changes: () => calls.filter((call) => call.method !== 'GET') }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

const settingsForm = async () => {
  await screen.findByDisplayValue('Isoko')
  return within(screen.getByRole('region', { name: en.money.settings.title }))
}

describe('the money settings form', () => {
  // A VAT rate is stored in basis points: 18.555% cannot be kept as typed, so it is refused, not rounded.
  it('refuses a VAT rate with more than 2 decimals beside its field, and sends nothing', async () => {
    const server = stubServer()
    renderInApp(<AdminMoneyPage />)
    const form = await settingsForm()
    const vat = form.getByRole('textbox', { name: new RegExp(`^${escape(en.money.settings.vatRate)}`) })
    expect(vat).toHaveProperty('value', '18')
    await userEvent.clear(vat)
    await userEvent.type(vat, '18.555')
    await userEvent.click(form.getByRole('button', { name: en.money.settings.save }))
    expect(await form.findByText(en.errors.moneyVatRateInvalid)).toBeTruthy()
    expect(vat).toHaveProperty('value', '18.555')
    expect(server.changes()).toEqual([])
  })

  it('sends the percentage as basis points, an empty debt limit as none and the TIN as typed', async () => {
    const server = stubServer()
    renderInApp(<AdminMoneyPage />)
    const form = await settingsForm()
    const vat = form.getByRole('textbox', { name: new RegExp(`^${escape(en.money.settings.vatRate)}`) })
    await userEvent.clear(vat)
    await userEvent.type(vat, '15.5')
    await userEvent.type(
      form.getByRole('textbox', { name: new RegExp(`^${escape(en.money.settings.tin)}`) }),
      '100200300',
    )
    await userEvent.click(form.getByRole('button', { name: en.money.settings.save }))
    expect(await form.findByText(en.money.settings.saved)).toBeTruthy()
    expect(server.changes()).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/money-settings',
        body: { ...settingsWithout(), vatRateBp: 1550, marketplaceTin: '100200300' },
      },
    ])
  })
})

describe('the commission rules', () => {
  it('lists a rule with its scope, its rate as a percentage and its amounts in RWF', async () => {
    stubServer()
    renderInApp(<AdminMoneyPage />)
    const rules = within(screen.getByRole('region', { name: en.money.rules.title }))
    expect(await rules.findAllByText('Kivu Crafts in Books')).not.toHaveLength(0)
    expect(rules.getAllByText('7.5%')).not.toHaveLength(0)
    expect(rules.getAllByText('RWF 5,000')).not.toHaveLength(0)
  })

  // A deletion changes what every later sale of the shop pays: it asks first, naming the rule.
  it('asks before deleting a rule, and deletes only once confirmed', async () => {
    const server = stubServer()
    renderInApp(<AdminMoneyPage />)
    const [remove] = await screen.findAllByRole('button', {
      name: 'Delete the rule for Kivu Crafts in Books',
    })
    await userEvent.click(remove!)
    const dialog = await screen.findByRole('dialog', { name: en.money.rules.deleteDialog.title })
    expect(server.changes()).toEqual([])
    await userEvent.click(within(dialog).getByRole('button', { name: en.money.rules.deleteDialog.confirm }))
    await waitFor(() =>
      expect(server.changes()).toEqual([
        { method: 'DELETE', path: `/api/admin/commission-rules/${shopRule.id}`, body: undefined },
      ]),
    )
  })

  it('changes a rule’s amounts from its dialog, the rate sent in basis points', async () => {
    const server = stubServer()
    renderInApp(<AdminMoneyPage />)
    const [edit] = await screen.findAllByRole('button', { name: 'Edit the rule for Kivu Crafts in Books' })
    await userEvent.click(edit!)
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Edit the rule for Kivu Crafts in Books' }),
    )
    const rate = dialog.getByRole('textbox', { name: new RegExp(`^${escape(en.money.rules.dialog.rate)}`) })
    expect(rate).toHaveProperty('value', '7.5')
    await userEvent.clear(rate)
    await userEvent.type(rate, '8.25')
    await userEvent.click(dialog.getByRole('button', { name: en.money.rules.dialog.save }))
    await waitFor(() =>
      expect(server.changes()).toEqual([
        {
          method: 'PATCH',
          path: `/api/admin/commission-rules/${shopRule.id}`,
          body: { rateBp: 825, fixedAmount: 100, minAmount: null, maxAmount: 5_000 },
        },
      ]),
    )
  })

  it('adds a category rule only once its category is chosen', async () => {
    const server = stubServer()
    renderInApp(<AdminMoneyPage />)
    await userEvent.click(await screen.findByRole('button', { name: en.money.rules.add }))
    const dialog = within(await screen.findByRole('dialog', { name: en.money.rules.dialog.addTitle }))
    await userEvent.click(dialog.getByRole('radio', { name: en.money.rules.scopes.category }))
    await userEvent.type(
      dialog.getByRole('textbox', { name: new RegExp(`^${escape(en.money.rules.dialog.rate)}`) }),
      '5',
    )
    await userEvent.click(dialog.getByRole('button', { name: en.money.rules.dialog.save }))
    expect(await dialog.findByText(en.errors.moneyCategoryRequired)).toBeTruthy()
    expect(server.changes()).toEqual([])
  })
})

/** The settings as the form sends them back unchanged. */
const settingsWithout = () => {
  const { updatedAt: _updatedAt, updatedByName: _updatedByName, ...input } = settings
  return input
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
