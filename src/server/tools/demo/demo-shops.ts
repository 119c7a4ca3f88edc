/**
 * The shops and their applications: each owner fills in the registration wizard on the day the story gives,
 * the team approves or rejects it, and an approved shop pays for its plan each month.
 */
import { limits } from '../../../shared/constants'
import { vendorDecisionInput, vendorRegistrationInput } from '../../../shared/schemas/vendor'
import { DAY_MS, SUBSCRIPTION_PERIOD_DAYS } from '../../../shared/subscription'
import {
  chooseSubscription,
  confirmPlanRequest,
  decideVendorApplication,
  registerVendor,
} from '../../vendors/vendors.service'
import type { DemoShop } from './demo-data'
import { planPayouts } from './demo-payouts'
import { planProducts } from './demo-products'
import { addDays, vendorScope, type ShopState, type Story } from './demo-story'

/** Every shop applies on its day of the story, in the order of demo-data. */
export function planShops(story: Story) {
  for (const shop of story.shops.values()) {
    story.timeline.at(story.onDay(shop.data.registeredDaysAgo, 8, 19), (at) => registerShop(story, shop, at))
  }
}

/** The five-step wizard, sent in one piece; the team's decision and the first products follow. */
async function registerShop(story: Story, shop: ShopState, at: number) {
  const { db, stamps, timeline, later } = story
  const { data } = shop
  const wizard = await story.files.wizard.get(shop)!
  const profile = await story.act(
    at,
    () =>
      registerVendor(
        db,
        { userId: shop.userId },
        vendorRegistrationInput.parse({
          fullName: data.owner.fullName,
          phone: data.phone,
          shopName: data.shopName,
          businessAddress: data.businessAddress,
          shopLogo: wizard.logo,
          govId: wizard.govId,
          idDocuments: [],
          businessDocuments: wizard.businessDocuments,
          ...data.payout,
        }),
      ),
    (created, when) => {
      // The account a little before, the files as they were picked in the wizard.
      stamps.account(shop.userId, new Date(when.getTime() - 20 * 60_000))
      for (const id of [wizard.logo, wizard.govId, ...wizard.businessDocuments])
        stamps.set('files', 'created_at', id, new Date(when.getTime() - 10 * 60_000))
      stamps.set('vendors', 'created_at', created.id, when)
      stamps.set('vendors', 'updated_at', created.id, when)
      // The free trial runs from registration (vendors.service.ts: registerVendor).
      stamps.set('vendors', 'subscription_starts_at', created.id, when)
      stamps.set('vendors', 'subscription_expires_at', created.id, addDays(when, limits.starterTrialDays))
    },
  )
  shop.vendorId = profile.id

  if (data.status !== 'pending') {
    // Rejections take the team a little longer: they write to the applicant first.
    const decidedAt = data.status === 'approved' ? later(at, 3, 40) : later(at, 50, 56)
    timeline.at(decidedAt, (when) => decideShop(story, shop, when))
  }
  planProducts(story, shop, at)
}

async function decideShop(story: Story, shop: ShopState, at: number) {
  const { db, config, stamps, timeline, later, onDay } = story
  const { status, rejectedBecause } = shop.data
  await story.act(
    at,
    (request) =>
      decideVendorApplication(
        db,
        story.admin(request),
        shop.vendorId!,
        vendorDecisionInput.parse({ status, reason: rejectedBecause }),
        config.publicUrl,
      ),
    (_result, when) => stamps.set('vendors', 'updated_at', shop.vendorId!, when),
  )
  shop.status = status
  if (status !== 'approved') return
  if (shop.data.plan !== 'starter') {
    const plan = shop.data.plan
    timeline.at(later(at, 1, 4), (when) => renewPlan(story, shop, when, plan))
  }
  if (shop.data.requestsPlan) {
    const plan = shop.data.requestsPlan
    timeline.at(onDay(1, 8, 10), (when) => choosePlan(story, shop, when, plan))
  }
  planPayouts(story, shop, at)
}

/** The vendor chooses a plan: a paid one waits for the team to confirm its payment. */
async function choosePlan(story: Story, shop: ShopState, at: number, plan: DemoShop['plan']) {
  await story.act(
    at,
    (request) => chooseSubscription(story.db, vendorScope(shop, request), plan),
    (_result, when) => story.stamps.set('vendors', 'updated_at', shop.vendorId!, when),
  )
}

/** A paid plan, paid: chosen, confirmed by the team the next day, and renewed the same way each month. */
async function renewPlan(story: Story, shop: ShopState, at: number, plan: DemoShop['plan']) {
  const { db, config, stamps, timeline, later } = story
  // A renewal confirmed after the vendor asked for a bigger plan would find that request instead.
  const pendingRequestAt = shop.data.requestsPlan ? -3 * DAY_MS : Infinity
  if (at >= pendingRequestAt) return
  await choosePlan(story, shop, at, plan)
  timeline.at(later(at, 16, 28), async (confirmedAt) => {
    await story.act(
      confirmedAt,
      (request) => confirmPlanRequest(db, story.admin(request), shop.vendorId!, plan, config.publicUrl),
      (_result, when) => {
        // The paid period runs from the confirmation (vendors.service.ts: confirmPlanRequest).
        stamps.set('vendors', 'updated_at', shop.vendorId!, when)
        stamps.set('vendors', 'subscription_starts_at', shop.vendorId!, when)
        stamps.set(
          'vendors',
          'subscription_expires_at',
          shop.vendorId!,
          addDays(when, SUBSCRIPTION_PERIOD_DAYS),
        )
      },
    )
    const renewal = later(confirmedAt + (SUBSCRIPTION_PERIOD_DAYS - 2) * DAY_MS, 0, 20)
    timeline.at(renewal, (when) => renewPlan(story, shop, when, plan))
  })
}
