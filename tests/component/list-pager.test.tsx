import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ListPager, type PagerData } from '../../src/web/components/list-pager'
import { renderInApp } from './render'

const answer = (overrides: Partial<PagerData>): PagerData => ({
  total: 57,
  totalIsCapped: false,
  page: 1,
  nextCursor: null,
  previousCursor: null,
  ...overrides,
})

function renderPager(data: PagerData) {
  const onChange = vi.fn()
  renderInApp(<ListPager data={data} pageSize={20} onChange={onChange} label="Order pages" />)
  return onChange
}

describe('the list pager', () => {
  it('says which rows a counted list shows and asks for a numbered page', async () => {
    const onChange = renderPager(answer({ page: 2 }))
    expect(screen.getByRole('navigation', { name: 'Order pages' }).textContent).toContain('21–40 of 57')
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }))
    expect(onChange).toHaveBeenLastCalledWith({ page: 3 })
  })

  it('shows nothing when every row fits on one page', () => {
    renderPager(answer({ total: 20 }))
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  // A list past the count cap pages by cursor: a far page must cost the server what the second one does.
  it('past the count cap, goes on by the cursors the server gave, never by a page number alone', async () => {
    const onChange = renderPager(
      answer({ total: 1000, totalIsCapped: true, page: 3, nextCursor: 'next-3', previousCursor: 'prev-3' }),
    )
    expect(screen.getByRole('navigation', { name: 'Order pages' }).textContent).toContain('41–60 of 1,000+')
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }))
    expect(onChange).toHaveBeenLastCalledWith({ page: 4, after: 'next-3' })
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }))
    expect(onChange).toHaveBeenLastCalledWith({ page: 2, before: 'prev-3' })
    await userEvent.click(screen.getByRole('button', { name: 'First page' }))
    expect(onChange).toHaveBeenLastCalledWith({ page: 1 })
  })

  it('past the count cap, offers no Next on the last page', () => {
    renderPager(answer({ total: 1000, totalIsCapped: true, page: 7, nextCursor: null, previousCursor: 'p' }))
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true)
  })
})
