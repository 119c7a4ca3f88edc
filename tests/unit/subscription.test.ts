import { describe, expect, it } from 'vitest'
import { canAddProduct, describeSubscription, productLimitFor } from '../../src/shared/subscription'

const now = new Date('2026-06-15T12:00:00Z')
const daysFromNow = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000)

describe('describeSubscription', () => {
  it('is Active while the status is active and the expiry has not passed', () => {
    const view = describeSubscription(
      { plan: 'growth', status: 'active', startsAt: daysFromNow(-10), expiresAt: daysFromNow(20) },
      now,
    )
    expect(view).toEqual({ display: 'active', isExpiringSoon: false, isFreeTrial: false, daysRemaining: 20 })
  })

  // A plan whose expiry passed must not read as active even if nobody flipped its status.
  it('is Expired once the expiry has passed, whatever the stored status says', () => {
    const view = describeSubscription(
      { plan: 'growth', status: 'active', startsAt: daysFromNow(-40), expiresAt: daysFromNow(-1) },
      now,
    )
    expect(view.display).toBe('expired')
    expect(view.daysRemaining).toBeNull()
  })

  it('is Expired when the status says so and Cancelled when cancelled', () => {
    expect(
      describeSubscription(
        { plan: 'business', status: 'expired', startsAt: now, expiresAt: daysFromNow(5) },
        now,
      ).display,
    ).toBe('expired')
    expect(
      describeSubscription(
        { plan: 'business', status: 'cancelled', startsAt: now, expiresAt: daysFromNow(5) },
        now,
      ).display,
    ).toBe('cancelled')
  })

  it('is expiring soon within 7 days, and 0 days remaining means it expires today', () => {
    expect(
      describeSubscription(
        { plan: 'growth', status: 'active', startsAt: now, expiresAt: daysFromNow(7) },
        now,
      ).isExpiringSoon,
    ).toBe(true)
    expect(
      describeSubscription(
        { plan: 'growth', status: 'active', startsAt: now, expiresAt: daysFromNow(8) },
        now,
      ).isExpiringSoon,
    ).toBe(false)
    // now is 14:00 in Kigali: 21:12 the same day is today, 02:00 the next day is tomorrow.
    const today = describeSubscription(
      { plan: 'growth', status: 'active', startsAt: now, expiresAt: daysFromNow(0.3) },
      now,
    )
    expect(today.daysRemaining).toBe(0)
    expect(today.isExpiringSoon).toBe(true)
    const tomorrow = describeSubscription(
      { plan: 'growth', status: 'active', startsAt: now, expiresAt: daysFromNow(0.5) },
      now,
    )
    expect(tomorrow.daysRemaining).toBe(1)
  })

  // The starter plan is free for its first 90 days (2160 hours) only.
  it('labels a starter plan within 90 days of its start as the free trial, and not after', () => {
    const within = describeSubscription(
      {
        plan: 'starter',
        status: 'active',
        startsAt: new Date(now.getTime() - 2159 * 3600_000),
        expiresAt: daysFromNow(1),
      },
      now,
    )
    const after = describeSubscription(
      {
        plan: 'starter',
        status: 'active',
        startsAt: new Date(now.getTime() - 2160 * 3600_000),
        expiresAt: daysFromNow(1),
      },
      now,
    )
    expect(within.isFreeTrial).toBe(true)
    expect(after.isFreeTrial).toBe(false)
    expect(
      describeSubscription(
        { plan: 'growth', status: 'active', startsAt: now, expiresAt: daysFromNow(30) },
        now,
      ).isFreeTrial,
    ).toBe(false)
  })
})

describe('plan product limits', () => {
  it('are 10, 25, 55, 100 and unlimited', () => {
    expect(
      ['starter', 'growth', 'business', 'scaling', 'unlimited'].map((plan) => productLimitFor(plan as never)),
    ).toEqual([10, 25, 55, 100, null])
  })

  // A limit shown but not kept is a bug: the 11th starter product is refused.
  it('allow up to the limit and refuse beyond it', () => {
    expect(canAddProduct('starter', 9)).toBe(true)
    expect(canAddProduct('starter', 10)).toBe(false)
    expect(canAddProduct('unlimited', 100_000)).toBe(true)
  })
})
