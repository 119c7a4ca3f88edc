import { screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { MenuCounts } from '../../src/shared/schemas/dashboard'
import { accountKeys, menuCountKeys } from '../../src/web/api/query-keys'
import { AreaShell } from '../../src/web/layouts/area-shell'
import { adminNav, vendorNav } from '../../src/web/layouts/nav-items'
import { quietQueryClient, renderInApp } from './render'

/** An area's frame on its home screen, with the session and the menu's counts already fetched. */
function renderMenu(area: 'admin' | 'vendor', counts: MenuCounts) {
  const client = quietQueryClient()
  client.setQueryData(accountKeys.named('me'), {
    user: { fullName: 'Aline Uwase', role: area },
    vendor: null,
  })
  client.setQueryData(menuCountKeys.named('counts'), counts)
  const home = `/${area}`
  return renderInApp(
    <MemoryRouter initialEntries={[home]}>
      <Routes>
        <Route
          element={
            <AreaShell
              items={area === 'admin' ? adminNav : vendorNav}
              areaLabelKey={area === 'admin' ? 'nav.adminArea' : 'nav.vendorArea'}
            />
          }
        >
          <Route path={home} element={<p>home</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
    client,
  )
}

const menu = () => screen.getByRole('navigation', { name: 'Main navigation' })
const entry = (name: string) => menu().querySelector(`a[href$="/${name}"]`) as HTMLAnchorElement

// The counts tell at a glance what waits, and a screen reader hears them with the entry's name.
describe("the menu's counts", () => {
  it('name what waits for an admin beside its entry, and nothing where nothing waits', () => {
    renderMenu('admin', { messages: 3, vendors: 1, payouts: 0 })
    expect(screen.getByRole('link', { name: 'Messages, 3 unread' })).toBe(entry('messages'))
    expect(screen.getByRole('link', { name: 'Vendors, 1 awaiting review' })).toBe(entry('vendors'))
    expect(screen.getByRole('link', { name: 'Payouts' })).toBe(entry('payouts'))
    // The badge is for the eye; its number is already in the link's name.
    const badge = entry('messages').querySelector('.mantine-Badge-root')
    expect(badge?.getAttribute('aria-hidden')).toBe('true')
    expect(badge?.textContent).toBe('3')
    expect(entry('orders').textContent).toBe('Orders')
  })

  it("show a vendor their unread messages only, and '99+' past 99", () => {
    renderMenu('vendor', { messages: 120 })
    expect(screen.getByRole('link', { name: 'Messages, 120 unread' })).toBe(entry('messages'))
    expect(entry('messages').querySelector('.mantine-Badge-root')?.textContent).toBe('99+')
    expect(menu().textContent).not.toMatch(/awaiting review|pending/)
  })
})
