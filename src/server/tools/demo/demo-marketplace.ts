/**
 * The demo marketplace (`npm run demo`): the shops of demo-data.ts played forward over the last few months,
 * through the server's own services, as their owners and the team would have done it. Accounts are made by
 * the auth library, files by the upload service, and every registration, decision, product, order, payout,
 * message and receipt by the service the matching screen calls, so each rule, audit entry, mail and running
 * total is exactly what the app itself writes.
 *
 * What no service can do is act in the past. Each action runs through its service now, in the order the
 * story gives (so every rule sees the marketplace as it stood then: stock, balances, plan limits), and the
 * moment the story gives it is noted. At the end, in one transaction, every row is moved to its moment: an
 * order to the day it was placed, a payout to when it was asked for and decided, each audit entry (found by
 * the request id its action ran under) to when it was written. The running-totals triggers follow the move
 * (they watch orders.created_at), and a drift check proves it. The audit trail is append-only (migration
 * 0001), so its entries are moved with that trigger off for the transaction (session_replication_role, which
 * needs a superuser: without one they keep the time of the run). One move at the end rather than one per
 * action halves the statements, which is what the embedded database spends its time on.
 *
 * The story is fixed by a seeded random generator and laid out on a clock of its own, with "now" at the end
 * of today: the same seed always gives the same shops, products, orders, payouts and messages, whatever the
 * time of day it runs. Past days keep their hours (Kigali business hours); today's events are fitted between
 * midnight and the moment the command runs.
 *
 * One file per part of the story, each given the shared `Story` (demo-story.ts): the team and the owners'
 * accounts (demo-accounts.ts), their files (demo-files.ts), the shops and their applications and plans
 * (demo-shops.ts), products (demo-products.ts), orders (demo-orders.ts), payouts (demo-payouts.ts) and
 * messages (demo-messages.ts); the moments and the audit history they are written to (demo-stamps.ts), on the
 * story's clock (demo-clock.ts).
 */
import { eq, sql } from 'drizzle-orm'
import { marketplaceSettings } from '../../db/schema'
import type { Db } from '../../db/client'
import { findTotalsDrift, rebuildTotals } from '../../db/totals'
import { commissionRuleInput } from '../../../shared/schemas/commission'
import { createCommissionRule } from '../../ledger/commission-rules.service'
import { createTeam, signUpOwners } from './demo-accounts'
import { demoAdmin, DEMO_PASSWORD } from './demo-data'
import { uploadFiles } from './demo-files'
import { planConversations } from './demo-messages'
import { planOrders } from './demo-orders'
import { planMorningPayouts } from './demo-payouts'
import { planShops } from './demo-shops'
import { createStage, DEMO_ORDER_DAYS, type DemoOptions, type Story } from './demo-story'

export { DEMO_ORDER_DAYS, DEMO_SEED, DEMO_USER_AGENT, type DemoOptions } from './demo-story'

export type DemoAccount = { email: string; password: string; name: string; shop?: string }

export type DemoResult = {
  admin: DemoAccount
  /** Two approved shops with the most to show. */
  vendors: DemoAccount[]
  counts: Record<
    | 'vendors'
    | 'products'
    | 'categories'
    | 'pictures'
    | 'orders'
    | 'payouts'
    | 'messages'
    | 'auditEntries'
    | 'mails',
    number
  >
  vendorsByStatus: Record<string, number>
  ordersByStatus: Record<string, number>
  payoutsByStatus: Record<string, number>
  /** false: the audit entries keep the time of the run (the database user is not a superuser). */
  isAuditBackdated: boolean
  /** Running totals had to be rebuilt at the end (never expected: the triggers keep them). */
  wereTotalsRebuilt: boolean
}

/** Builds the demo marketplace into an empty database. The caller checks that it is empty. */
export async function buildDemoMarketplace(options: DemoOptions): Promise<DemoResult> {
  const stage = createStage(options)
  const { log } = stage
  const team = await createTeam(stage)
  log('Accounts of the team and of each shop’s owner (sign-up, then the mailed confirmation link)…')
  const shops = await signUpOwners(stage)
  log('Logos, documents and product pictures through the upload service (WebP, with thumbnails)…')
  const files = uploadFiles(stage, [...shops.values()])
  const story: Story = { ...stage, ...team, shops, files }
  // The server of a demo marketplace sends mobile money through the fakes unless configured otherwise.
  await story.db.update(marketplaceSettings).set({ isDemo: true }).where(eq(marketplaceSettings.id, 1))
  await setCommission(story)

  // Each step plans its first events; the events plan what follows from them.
  planShops(story)
  planOrders(story)
  planConversations(story)
  planMorningPayouts(story)

  log('The story: applications, decisions, products, orders, payouts and messages…')
  await story.timeline.play()
  await files.all()
  return finish(story)
}

/**
 * The team's commission, set through the rules' service before the first sale (each rule audited, as an admin's
 * would be): 5% of every sale, at least 100 RWF, and 3% on phones and computers; VAT 18% on it (the default).
 */
async function setCommission(story: Story) {
  story.log('Commission: 5% (at least 100 RWF) on every sale, 3% on phones and computers, VAT 18% on it…')
  const rules = [
    { scope: 'default', rateBp: 500, minAmount: 100 },
    { scope: 'category', category: 'Phones', rateBp: 300 },
    { scope: 'category', category: 'Computers', rateBp: 300 },
  ] as const
  for (const rule of rules) {
    await story.act(story.onDay(DEMO_ORDER_DAYS + 1, 8, 9), (request) =>
      createCommissionRule(story.db, story.admin(request), commissionRuleInput.parse(rule)),
    )
  }
}

/** Moves every row to its moment, delivers the mail, checks the running totals and counts what was made. */
async function finish(story: Story): Promise<DemoResult> {
  const { db, log, shops } = story
  log('Moving every row to its moment in the story…')
  const isAuditBackdated = await story.stamps.apply(db)

  // Decision mails go where the server would put them without SMTP: the outbox, delivered, not waiting.
  await story.mailer.deliverQueued()

  // The triggers keep every running total in the transaction of each change: prove it rather than assume it.
  const drift = await findTotalsDrift(db, 10)
  if (drift.length > 0) await rebuildTotals(db)

  const counts = await countRows(db)
  const printed = ['Inzozi Crafts', 'Kigali Coffee House'].map((name) => shops.get(name)!)
  return {
    admin: { email: demoAdmin.email, password: DEMO_PASSWORD, name: demoAdmin.fullName },
    vendors: printed.map((shop) => ({
      email: shop.email,
      password: DEMO_PASSWORD,
      name: shop.data.owner.fullName,
      shop: shop.data.shopName,
    })),
    ...counts,
    isAuditBackdated,
    wereTotalsRebuilt: drift.length > 0,
  }
}

async function countRows(db: Db) {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows
  const byStatus = async (table: 'vendors' | 'orders' | 'payouts') =>
    Object.fromEntries(
      (
        await rows<{ status: string; n: number }>(
          sql.raw(`select status, count(*)::int as n from ${table} group by status order by status`),
        )
      ).map((row) => [row.status, row.n]),
    )
  const [figures] = await rows<Record<string, number>>(sql`
    select (select count(*)::int from vendors) as vendors,
           (select count(*)::int from products) as products,
           (select count(*)::int from files where purpose = 'product_image') as pictures,
           (select count(distinct category)::int from products) as categories,
           (select count(*)::int from orders) as orders,
           (select count(*)::int from payouts) as payouts,
           (select count(*)::int from messages) as messages,
           (select count(*)::int from audit_logs) as "auditEntries",
           (select count(*)::int from mail_outbox) as mails`)
  return {
    counts: figures as DemoResult['counts'],
    vendorsByStatus: await byStatus('vendors'),
    ordersByStatus: await byStatus('orders'),
    payoutsByStatus: await byStatus('payouts'),
  }
}
