import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lastDays } from '../../src/shared/schemas/day-range'
import type { AdminOrderDto, AdminOrderList } from '../../src/shared/schemas/order'
import AdminOrdersPage from '../../src/web/admin-area/orders-page'
import { kigaliToday } from '../../src/web/components/day-range'
import en from '../../src/web/i18n/en.json'
import { renderInApp } from './render'

/** One order as the list answers it: a customer with a phone, a variant with a colour and a size. */
const order = (index: number): AdminOrderDto => ({
  id: `0000000${index}-5d4a-4e7b-9c1d-2a6f8e0b7c41`,
  status: 'pending',
  productName: `Kitenge dress ${index}`,
  sku: `KIT-${index}`,
  attributes: { color: 'red', size: 'm' },
  unitPrice: 12_500,
  quantity: 2,
  totalAmount: 25_000,
  customerName: `Aline Uwase ${index}`,
  customerEmail: 'aline@example.rw',
  customerPhone: '+250788123456',
  deliveryDistrict: null,
  deliverySector: null,
  deliveryCell: null,
  deliveryAddress: null,
  deliveryNote: null,
  createdAt: '2026-03-03T21:30:00.000Z',
  vendorId: '3f2b8c1e-5d4a-4e7b-9c1d-2a6f8e0b7c41',
  shopName: 'Kivu Crafts',
  productId: null,
  variantId: null,
})

/** The first page of 57 orders. */
const answer = (pageSize: number): AdminOrderList => ({
  items: Array.from({ length: 3 }, (_, index) => order(index + 1)),
  total: 57,
  totalIsCapped: false,
  page: 1,
  pageSize,
  nextCursor: null,
  previousCursor: null,
  summary: { orders: 57, pending: 57, completed: 0, revenue: 1_425_000 },
  summaryIsCapped: false,
})

/** The server as the page's fetch sees it; the list's requests are kept, to read what the screen asked for. */
function stubServer() {
  const asked: URL[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost')
    const isList = url.pathname === '/api/admin/orders'
    if (isList) asked.push(url)
    const body = isList ? answer(Number(url.searchParams.get('pageSize'))) : { items: [] }
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetch)
  return asked
}

/** The address the screen keeps its filters in. */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>
}

/** The simulated window's size (happy-dom's own API): the screen reads it through matchMedia. */
const setViewport = (width: number) =>
  (window as unknown as { happyDOM: { setViewport: (size: object) => void } }).happyDOM.setViewport({
    width,
    height: 900,
  })

/** The orders screen in a window `width` px wide. */
function renderOrdersAt(width: number, address = '/admin/orders') {
  setViewport(width)
  const asked = stubServer()
  renderInApp(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route
          path="/admin/orders"
          element={
            <>
              <AdminOrdersPage />
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  )
  return { asked, lastAsked: () => asked[asked.length - 1]!.searchParams }
}

const headersOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent)
const addressNow = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '')
const texts = en.admin.orders

afterEach(() => {
  vi.unstubAllGlobals()
})

// At a desk an operator reads a page of orders at a glance: four cards a screen made them scroll through each page.
describe('the admin order list', () => {
  it('is one table row per order from 992 px (Mantine md), every field an operator scans in its own column from 1280 px', async () => {
    renderOrdersAt(1300)
    const table = await screen.findByRole('table', { name: texts.tableCaption })
    expect(headersOf(table)).toEqual([
      texts.columns.order,
      texts.columns.date,
      texts.columns.vendor,
      texts.columns.customer,
      texts.columns.product,
      texts.columns.quantity,
      texts.columns.total,
      en.fields.status,
      en.fields.actions,
    ])
    const first = within(table).getAllByRole('row')[1]!
    for (const text of [
      '00000001',
      'Kivu Crafts',
      'Aline Uwase 1',
      '+250 788 123 456',
      'Kitenge dress 1',
      'KIT-1',
    ]) {
      expect(first.textContent).toContain(text)
    }
    expect(within(first).getByRole('combobox').getAttribute('aria-label')).toContain('00000001')
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('beside the menu below 1280 px, puts the date under the order and the quantity under the total', async () => {
    renderOrdersAt(1000)
    const table = await screen.findByRole('table', { name: texts.tableCaption })
    expect(headersOf(table)).toEqual([
      texts.columns.order,
      texts.columns.vendor,
      texts.columns.customer,
      texts.columns.product,
      texts.columns.total,
      en.fields.status,
      en.fields.actions,
    ])
    const [order, , , , total] = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')
    expect(order!.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-03T21:30:00.000Z')
    expect(total!.textContent).toContain(`${texts.columns.quantity} 2`)
  })

  it('is one card per order below 992 px', async () => {
    renderOrdersAt(900)
    expect((await screen.findAllByRole('listitem')).length).toBe(3)
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('asks for 25, 50 or 100 orders a page, kept in the address, and starts again at the first page', async () => {
    const { lastAsked } = renderOrdersAt(1200, '/admin/orders?page=2')
    await screen.findByRole('table')
    expect(lastAsked().get('pageSize')).toBe('25')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: en.pager.pageSize }), '100')
    await waitFor(() => expect(lastAsked().get('pageSize')).toBe('100'))
    expect(lastAsked().get('page')).toBe('1')
    expect(addressNow().get('pageSize')).toBe('100')
    expect(addressNow().get('page')).toBeNull()
  })

  it('asks for the last 30 Kigali days, or the days chosen, and keeps them in the address', async () => {
    const { lastAsked } = renderOrdersAt(1200)
    await screen.findByRole('table')
    expect(lastAsked().get('from')).toBeNull()
    const period = screen.getByRole('combobox', { name: en.dateFilter.label })

    await userEvent.selectOptions(period, '30')
    const month = lastDays(30, kigaliToday())
    await waitFor(() => expect(lastAsked().get('from')).toBe(month.from))
    expect(lastAsked().get('to')).toBe(month.to)
    expect(addressNow().get('days')).toBe('30')

    // Choosing dates starts from the days shown; a start after the end is explained and not asked for.
    await userEvent.selectOptions(period, 'custom')
    const from = screen.getByLabelText(en.dateFilter.from)
    const to = screen.getByLabelText(en.dateFilter.to)
    expect((from as HTMLInputElement).value).toBe(month.from)
    // (A date box takes a whole day at once, as a browser's date picker gives it.)
    fireEvent.change(from, { target: { value: '2026-03-01' } })
    fireEvent.change(to, { target: { value: '2026-03-31' } })
    await waitFor(() => expect(lastAsked().get('to')).toBe('2026-03-31'))
    expect(lastAsked().get('from')).toBe('2026-03-01')
    fireEvent.change(from, { target: { value: '2026-04-02' } })
    expect(screen.getByText(en.dateFilter.errors.fromAfterTo)).toBeTruthy()
    expect(lastAsked().get('from')).toBe('2026-03-01')
    expect(Object.fromEntries(addressNow())).toMatchObject({
      days: 'custom',
      from: '2026-03-01',
      to: '2026-03-31',
    })
  })
})
