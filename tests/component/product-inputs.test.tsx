import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import en from '../../src/web/i18n/en.json'
import { ProductDialog } from '../../src/web/vendor-area/products/product-dialog'
import { renderInApp } from './render'

/**
 * The product form keeps what was typed: a wrong price, stock or name is refused beside its field with what is
 * allowed, never flipped (-5000 to 5000), stripped (1.5 to 15) or cut (2,000 characters to 120).
 */
const fields = en.vendor.products.fields
const dialog = () => screen.getByRole('dialog')
const priceField = () => within(dialog()).getByRole('textbox', { name: new RegExp(escape(fields.price)) })
const nameField = () => within(dialog()).getByRole('textbox', { name: new RegExp(fields.name) })
const stockField = () => within(dialog()).getByRole('textbox', { name: 'Stock of default' })
const saveButton = () => within(dialog()).getByRole('button', { name: en.vendor.products.dialog.save })

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The message shown for a field: its error text, which the field names as its description. */
function messageOf(field: HTMLElement) {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

function renderForm() {
  const fetch = vi.fn(async () => new Response('{}', { status: 500 }))
  vi.stubGlobal('fetch', fetch)
  renderInApp(<ProductDialog opened product={null} sessionKey={1} onClose={() => {}} onSaved={() => {}} />)
  return fetch
}

beforeAll(() => {
  // The description's autosizing textarea listens for web fonts, which happy-dom does not load.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the product form', () => {
  it('keeps a typed price of -5000 as it is and says a price must be above 0', async () => {
    renderForm()
    await userEvent.type(priceField(), '-5000')
    await userEvent.tab()
    expect(priceField()).toHaveProperty('value', '-5,000')
    expect(priceField().getAttribute('aria-invalid')).toBe('true')
    expect(messageOf(priceField())).toContain(en.products.priceInvalid)
  })

  it('refuses a price of 0 beside the field', async () => {
    renderForm()
    await userEvent.type(priceField(), '0')
    await userEvent.tab()
    expect(priceField()).toHaveProperty('value', '0')
    expect(messageOf(priceField())).toContain(en.products.priceInvalid)
  })

  it('keeps a price of 1.5 (not 15) and says francs are whole', async () => {
    renderForm()
    await userEvent.type(priceField(), '1.5')
    await userEvent.tab()
    expect(priceField()).toHaveProperty('value', '1.5')
    expect(messageOf(priceField())).toContain(en.products.priceWhole)
  })

  it('keeps a stock of -3 and says what a stock may be', async () => {
    renderForm()
    await userEvent.clear(stockField())
    await userEvent.type(stockField(), '-3')
    await userEvent.tab()
    expect(stockField()).toHaveProperty('value', '-3')
    expect(messageOf(stockField())).toContain(en.products.stockInvalid)
  })

  it('takes a price of 5000 without a word', async () => {
    renderForm()
    await userEvent.type(priceField(), '5000')
    await userEvent.tab()
    expect(priceField()).toHaveProperty('value', '5,000')
    expect(priceField().getAttribute('aria-invalid')).not.toBe('true')
  })

  it('keeps a pasted name of 2,000 characters whole and says how long it may be', async () => {
    renderForm()
    await userEvent.click(nameField())
    await userEvent.paste('x'.repeat(2000))
    expect((nameField() as HTMLInputElement).value).toHaveLength(2000)
    expect(messageOf(nameField())).toContain('At most 120 characters (you have 2000)')
  })

  it('marks every missing or wrong field of an empty form at once, the stock too, and sends nothing', async () => {
    const fetch = renderForm()
    await userEvent.clear(stockField())
    fireEvent.submit(saveButton().closest('form')!)
    expect(await screen.findByText(en.products.requiredFields)).toBeTruthy()
    expect(nameField().getAttribute('aria-invalid')).toBe('true')
    expect(priceField().getAttribute('aria-invalid')).toBe('true')
    expect(
      within(dialog())
        .getByRole('combobox', { name: new RegExp(fields.category) })
        .getAttribute('aria-invalid'),
    ).toBe('true')
    expect(messageOf(stockField())).toContain(en.products.stockInvalid)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('refuses a file that is not a picture, naming the types it takes', async () => {
    renderForm()
    const input = dialog().querySelector<HTMLInputElement>('input[type="file"]')!
    fireEvent.change(input, { target: { files: [new File(['text'], 'notes.txt', { type: 'text/plain' })] } })
    expect(
      await within(dialog()).findByText('notes.txt: Only JPEG, PNG, WebP, GIF files are accepted here.'),
    ).toBeTruthy()
  })
})
