import { limits, planDetails, type Plan, type SubscriptionStatus } from './constants'

const DAY_MS = 24 * 60 * 60 * 1000

/** Rwanda is UTC+2 all year (no daylight saving): the calendar day in Kigali, as a day number. */
const KIGALI_OFFSET_MS = 2 * 60 * 60 * 1000
const kigaliDay = (date: Date) => Math.floor((date.getTime() + KIGALI_OFFSET_MS) / DAY_MS)

export type SubscriptionFacts = {
  plan: Plan
  status: SubscriptionStatus
  startsAt: string | Date
  expiresAt: string | Date | null
}

export type SubscriptionView = {
  display: 'active' | 'expired' | 'cancelled'
  isExpiringSoon: boolean
  isFreeTrial: boolean
  /** Calendar days (Kigali) until the expiry day; 0 means 'Expires today'; null when there is no expiry. */
  daysRemaining: number | null
}

/**
 * The specification's display rules (§4): cancelled is Cancelled; expired, or past its expiry, is Expired;
 * otherwise Active. Expiring soon within 7 days; a starter plan within 90 days (2160 hours) of its start is
 * the free trial.
 */
export function describeSubscription(facts: SubscriptionFacts, now: Date = new Date()): SubscriptionView {
  const expiresAt = facts.expiresAt ? new Date(facts.expiresAt) : null
  const startsAt = new Date(facts.startsAt)
  const isPastExpiry = expiresAt !== null && expiresAt.getTime() < now.getTime()
  const display =
    facts.status === 'cancelled'
      ? 'cancelled'
      : facts.status === 'expired' || isPastExpiry
        ? 'expired'
        : 'active'
  const daysRemaining = expiresAt ? Math.max(0, kigaliDay(expiresAt) - kigaliDay(now)) : null
  return {
    display,
    isExpiringSoon:
      display === 'active' && daysRemaining !== null && daysRemaining <= limits.expiringSoonDays,
    isFreeTrial:
      facts.plan === 'starter' && now.getTime() - startsAt.getTime() < limits.starterTrialDays * DAY_MS,
    daysRemaining: display === 'active' ? daysRemaining : null,
  }
}

/** Plan product limits (null = unlimited); enforced when a product is created. */
export function productLimitFor(plan: Plan): number | null {
  return planDetails[plan].productLimit
}

export function canAddProduct(plan: Plan, currentCount: number): boolean {
  const limit = productLimitFor(plan)
  return limit === null || currentCount < limit
}

export const SUBSCRIPTION_PERIOD_DAYS = 30
export { DAY_MS }
