import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ShopPicker } from '../../src/web/admin-area/orders/shop-picker'
import { renderInApp } from './render'

const shop = (id: number, shopName: string) => ({ id: `00000000-0000-4000-8000-00000000000${id}`, shopName })

/**
 * The server's shop search as the picker's fetch sees it: every shop for an empty search, the one named for
 * "kivu"; each answer held until the test lets it go, so the picker can be read while it waits.
 */
function stubShops() {
  const pending: (() => void)[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost')
    const q = url.searchParams.get('q') ?? ''
    const items = q === '' ? [shop(1, 'Aline Crafts'), shop(2, 'Kivu Crafts')] : [shop(2, 'Kivu Crafts')]
    await new Promise<void>((resolve) => pending.push(resolve))
    return new Response(JSON.stringify({ items }), { headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetch)
  return { fetch, answer: () => pending.splice(0).forEach((resolve) => resolve()) }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the shop picker', () => {
  it('is busy from a typed search until the server has answered it, not only while it asks', async () => {
    const server = stubShops()
    renderInApp(<ShopPicker label="Shop" value={null} onChange={() => {}} forSale />)
    const input = screen.getByRole('combobox', { name: 'Shop' })
    await waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(1))
    expect(input.getAttribute('aria-busy')).toBe('true')
    server.answer()
    await waitFor(() => expect(input.getAttribute('aria-busy')).toBe('false'))

    await userEvent.type(input, 'kivu')
    // The typing has not paused long enough yet: the choices shown are still the empty search's.
    expect(input.getAttribute('aria-busy')).toBe('true')
    await waitFor(() =>
      expect(new URL(String(server.fetch.mock.calls.at(-1)?.[0]), 'http://x').searchParams.get('q')).toBe(
        'kivu',
      ),
    )
    expect(input.getAttribute('aria-busy')).toBe('true')
    server.answer()
    await waitFor(() => expect(input.getAttribute('aria-busy')).toBe('false'))
  })
})
