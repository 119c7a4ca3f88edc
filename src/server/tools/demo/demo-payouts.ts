/**
 * The payouts: an approved shop asks for part of its balance every two or three weeks, the team pays it (a
 * reference) or says why not, and the vendor confirms the money arrived.
 */
import { payoutDecisionInput } from '../../../shared/schemas/payout'
import { DAY_MS } from '../../../shared/subscription'
import { AppError } from '../../lib/errors'
import {
  confirmPayoutReceipt,
  decidePayout,
  getPayoutOverview,
  requestPayout,
} from '../../payouts/payouts.service'
import { paymentReferencePrefix, payoutRejectionReasons } from './demo-data'
import { vendorScope, type ShopState, type Story } from './demo-story'

/** The first request some weeks after the shop is approved; the next ones follow from it. */
export function planPayouts(story: Story, shop: ShopState, approvedAt: number) {
  const { random, later } = story
  const first = later(approvedAt + random.between(16, 24) * DAY_MS, 0, 4)
  story.timeline.at(first, (at) => askForPayout(story, shop, at, true))
}

/** Three busy shops ask for their money this morning: the team has payouts waiting. */
export function planMorningPayouts(story: Story) {
  for (const name of ['Inzozi Crafts', 'Kigali Coffee House', 'Kigali Tech Hub']) {
    const shop = story.shops.get(name)!
    story.timeline.at(story.onDay(0, 7, 10), (at) => askForPayout(story, shop, at, false))
  }
}

/** The vendor asks for part of the balance; a regular one asks again every two or three weeks. */
async function askForPayout(story: Story, shop: ShopState, at: number, isRegular: boolean) {
  const { db, random, timeline, later } = story
  const askAgain = (days: [number, number]) => {
    if (!isRegular) return
    const next = later(at + random.between(...days) * DAY_MS, 0, 3)
    timeline.at(next, (when) => askForPayout(story, shop, when, true))
  }
  // What the Payouts screen shows the vendor before they type an amount.
  const { availableBalance } = await getPayoutOverview(
    db,
    vendorScope(shop, story.nextRequest()),
    { page: 1, pageSize: 1 },
    { timeZone: story.config.timeZone },
  )
  if (availableBalance < 20_000) {
    askAgain([4, 7])
    return
  }
  const amount = Math.floor((availableBalance * random.between(0.5, 0.9)) / 1000) * 1000
  const payout = await story.act(
    at,
    (request) => requestPayout(db, vendorScope(shop, request), amount),
    (requested, when) => story.stamps.set('payouts', 'requested_at', requested.id, when),
  )
  timeline.at(later(at, 5, 60), (when) => decideOnPayout(story, shop, payout.id, when))
  askAgain([12, 20])
}

/** The team pays most requests; one that the balance no longer covers is turned down, with the reason. */
async function decideOnPayout(story: Story, shop: ShopState, payoutId: string, at: number) {
  const { db, config, random } = story
  const method = shop.data.payout.payoutMethod
  const reference = `${paymentReferencePrefix[method]}${random.int(1_000_000_000, 9_999_999_999)}`
  const decide = (decision: unknown) =>
    story.act(
      at,
      (request) =>
        decidePayout(
          db,
          story.admin(request),
          payoutId,
          payoutDecisionInput.parse(decision),
          config.publicUrl,
        ),
      (_result, when) => story.stamps.set('payouts', 'processed_at', payoutId, when),
    )
  if (!random.chance(0.85)) {
    await decide({ status: 'rejected', reason: random.pick(payoutRejectionReasons.slice(0, 2)) })
    return
  }
  try {
    await decide({ status: 'approved', paymentReference: reference })
  } catch (error) {
    // Refunds since the request left less than its amount: the service refuses, and the team says why.
    if (!(error instanceof AppError && error.messageKey === 'payouts.exceedsBalance')) throw error
    await decide({ status: 'rejected', reason: payoutRejectionReasons[2] })
    return
  }
  if (random.chance(0.85)) planReceipt(story, shop, payoutId, at)
}

/** The vendor confirms the money arrived, some hours or days after it was sent. */
function planReceipt(story: Story, shop: ShopState, payoutId: string, paidAt: number) {
  const { db, config, real } = story
  story.timeline.at(story.later(paidAt, 6, 70), async (confirmedAt) => {
    await story.act(confirmedAt, (request) =>
      confirmPayoutReceipt(db, vendorScope(shop, request), payoutId, {
        timeZone: config.timeZone,
        // The note says the day the vendor confirmed.
        now: real(confirmedAt),
      }),
    )
  })
}
