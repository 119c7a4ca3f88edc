import { act, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dashboardKeys, payoutKeys } from '../../src/web/api/query-keys'
import { i18next } from '../../src/web/i18n'
import en from '../../src/web/i18n/en.json'
import rw from '../../src/web/i18n/rw.json'
import { PayoutRequestForm } from '../../src/web/vendor-area/payouts/payout-request-form'
import { ApiError } from '../../src/web/api/client'
import { failureDetail } from '../../src/web/components/use-flash-message'
import { renderInApp } from './render'

const amountField = () => screen.getByRole('textbox', { name: /Amount \(RWF\)/ })
const submitButton = () => screen.getByRole('button', { name: 'Request Payout' })
const wholeOnly = en.payouts.amountWhole
/** The text with the balance filled in as the screens write money ('RWF 5,000'). */
const withBalance = (text: string, balance: string) => text.replace(/{{balance(, rwf)?}}/, balance)
const overBalance = (balance: string) => withBalance(en.payouts.amountOverBalance, balance)

/** The server, as the browser's fetch sees it: each call answers `status` with `body`. */
function answerWith(status: number, body: unknown) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}

afterEach(async () => {
  vi.unstubAllGlobals()
  await act(() => i18next.changeLanguage('en'))
})

// Spec §5: a payout is a whole number of francs from 1 up to the available balance, else 'Invalid payout amount';
// what the vendor typed is never changed, and the message says what is allowed.
describe('the payout request form', () => {
  it('says an amount over the balance is invalid as it is typed, naming the balance in RWF, and will not send it', async () => {
    const fetch = answerWith(201, {})
    renderInApp(<PayoutRequestForm balance={5000} />)
    await userEvent.type(amountField(), '6000')
    const message = screen.getByText(overBalance('RWF 5,000'))
    expect(message.textContent).toContain(en.payouts.invalidAmount)
    expect(amountField().getAttribute('aria-describedby')).toContain(message.id)
    expect(amountField()).toHaveProperty('value', '6000')
    expect(submitButton()).toHaveProperty('disabled', true)
    fireEvent.submit(submitButton().closest('form')!)
    expect(fetch).not.toHaveBeenCalled()
  })

  it.each([
    ['negative', '-500'],
    ['zero', '0'],
    ['decimal', '10.5'],
    ['not digits', '12abc'],
    ['a decimal with a comma', '1,5'],
  ])(
    'keeps a %s amount exactly as typed, says only whole francs from 1 are allowed, and sends nothing',
    async (_label, typed) => {
      const fetch = answerWith(201, {})
      renderInApp(<PayoutRequestForm balance={5000} />)
      await userEvent.type(amountField(), typed)
      expect(amountField()).toHaveProperty('value', typed)
      expect(screen.getByText(wholeOnly)).toBeTruthy()
      expect(submitButton()).toHaveProperty('disabled', true)
      fireEvent.submit(submitButton().closest('form')!)
      expect(fetch).not.toHaveBeenCalled()
    },
  )

  it('takes an amount within the balance without a word, with or without thousands commas', async () => {
    const fetch = answerWith(201, { id: 'p-1', amount: 5000, status: 'pending' })
    renderInApp(<PayoutRequestForm balance={5000} />)
    await userEvent.type(amountField(), '5,000')
    expect(screen.queryByText(wholeOnly)).toBeNull()
    expect(submitButton()).toHaveProperty('disabled', false)
    await userEvent.click(submitButton())
    await screen.findByText(en.vendor.payouts.requested)
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(JSON.parse(init.body as string)).toEqual({ amount: 5000 })
  })

  it('puts the server’s refusal of the amount under the field, with the balance it read (the balance moved meanwhile)', async () => {
    answerWith(422, {
      error: {
        code: 'VALIDATION',
        messageKey: 'payouts.amountOverBalance',
        params: { balance: 3000 },
        fields: { amount: 'payouts.amountOverBalance' },
      },
    })
    renderInApp(<PayoutRequestForm balance={5000} />)
    await userEvent.type(amountField(), '4000')
    await userEvent.click(submitButton())
    const message = await screen.findByText(overBalance('RWF 3,000'))
    expect(amountField().getAttribute('aria-describedby')).toContain(message.id)
    expect(amountField()).toHaveProperty('value', '4000')
  })

  it('says the same in Kinyarwanda', async () => {
    i18next.addResourceBundle('rw', 'translation', rw, true, true)
    await act(() => i18next.changeLanguage('rw'))
    renderInApp(<PayoutRequestForm balance={5000} />)
    const field = screen.getByRole('textbox', {
      name: new RegExp(rw.vendor.payouts.request.amount.replace(/[()]/g, '\\$&')),
    })
    await userEvent.type(field, '-5')
    expect(screen.getByText(rw.payouts.amountWhole)).toBeTruthy()
    await userEvent.clear(field)
    await userEvent.type(field, '9000')
    expect(screen.getByText(withBalance(rw.payouts.amountOverBalance, 'RWF 5,000'))).toBeTruthy()
    expect(field).toHaveProperty('value', '9000')
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

// The server sends the figures of a refusal as numbers (error params); whatever screen shows it writes them as money
// is written everywhere else ('RWF 12,500'), in either language, not '12500'.
describe('money in a refusal from the server', () => {
  const refusals = [
    new ApiError(422, {
      code: 'VALIDATION',
      messageKey: 'payouts.amountOverBalance',
      params: { balance: 12_500 },
      fields: { amount: 'payouts.amountOverBalance' },
    }),
    new ApiError(409, {
      code: 'CONFLICT',
      messageKey: 'payouts.exceedsBalance',
      params: { amount: 20_000, balance: 12_500 },
    }),
  ]

  it('is written as the app writes money, in English and in Kinyarwanda', async () => {
    const [overBalance, exceeds] = refusals.map((refusal) => failureDetail(i18next.t, refusal))
    expect(overBalance).toBe(
      'Invalid payout amount. You can request at most RWF 12,500, your available balance.',
    )
    expect(exceeds).toContain('(RWF 20,000)')
    expect(exceeds).toContain('(RWF 12,500)')

    i18next.addResourceBundle('rw', 'translation', rw, true, true)
    await act(() => i18next.changeLanguage('rw'))
    const [rwOverBalance, rwExceeds] = refusals.map((refusal) => failureDetail(i18next.t, refusal))
    expect(rwOverBalance).toContain('RWF 12,500')
    expect(rwOverBalance).not.toBe(overBalance)
    expect(rwExceeds).toContain('(RWF 20,000)')
  })
})
