import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dashboardKeys, payoutKeys } from '../../src/web/api/query-keys'
import en from '../../src/web/i18n/en.json'
import { PayoutRequestForm } from '../../src/web/vendor-area/payouts/payout-request-form'
import { renderInApp } from './render'

const invalidAmount = en.payouts.invalidAmount
const amountField = () => screen.getByRole('textbox', { name: /Amount \(RWF\)/ })
const submitButton = () => screen.getByRole('button', { name: 'Request Payout' })

/** The server, as the browser's fetch sees it: each call answers `status` with `body`. */
function answerWith(status: number, body: unknown) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}

afterEach(() => {
  vi.unstubAllGlobals()
})

// Spec §5: a payout is a whole number of francs from 1 up to the available balance, else 'Invalid payout amount'.
describe('the payout request form', () => {
  it('says an amount over the balance is invalid as it is typed, and will not send it', async () => {
    const fetch = answerWith(201, {})
    renderInApp(<PayoutRequestForm balance={5000} />)
    await userEvent.type(amountField(), '6000')
    expect(screen.getByText(invalidAmount)).toBeTruthy()
    expect(submitButton()).toHaveProperty('disabled', true)
    fireEvent.submit(submitButton().closest('form')!)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('takes an amount within the balance without a word', async () => {
    renderInApp(<PayoutRequestForm balance={5000} />)
    await userEvent.type(amountField(), '5000')
    expect(screen.queryByText(invalidAmount)).toBeNull()
    expect(submitButton()).toHaveProperty('disabled', false)
  })

  it('puts the server’s refusal of the amount under the field (the balance moved meanwhile)', async () => {
    answerWith(422, { error: { code: 'VALIDATION', messageKey: 'payouts.invalidAmount' } })
    renderInApp(<PayoutRequestForm balance={5000} />)
    await userEvent.type(amountField(), '4000')
    await userEvent.click(submitButton())
    const message = await screen.findByText(invalidAmount)
    expect(amountField().getAttribute('aria-describedby')).toContain(message.id)
  })

  it('after a request, clears the amount, says so, and refetches the payouts and the dashboard', async () => {
    const fetch = answerWith(201, { id: 'p-1', amount: 4000, status: 'pending' })
    const { client } = renderInApp(<PayoutRequestForm balance={5000} />)
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    await userEvent.type(amountField(), '4000')
    await userEvent.click(submitButton())
    expect(await screen.findByText(en.vendor.payouts.requested)).toBeTruthy()
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(amountField()).toHaveProperty('value', '')
    const refetched = invalidate.mock.calls.map(([filters]) => filters?.queryKey)
    expect(refetched).toEqual(expect.arrayContaining([payoutKeys.all, dashboardKeys.all]))
  })
})
