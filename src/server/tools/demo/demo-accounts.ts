/**
 * The people of the demo: the team's admin, set up through the first-run link, and each shop's owner, who
 * signs up and follows the confirmation link mailed to them, as a newcomer would.
 */
import { desc, eq } from 'drizzle-orm'
import { adminSetupInput } from '../../../shared/schemas/auth'
import { confirmEmail, registerVendor as registerAccount } from '../../account/account.service'
import { keepLanguage } from '../../auth/language'
import { mailOutbox, users } from '../../db/schema'
import type { AdminScope, RequestContext } from '../../lib/scope'
import { createFirstAdmin, createSetupLink } from '../../setup/setup.service'
import { demoAdmin, DEMO_PASSWORD, demoShops, type DemoShop } from './demo-data'
import { DEMO_ADDRESS, DEMO_USER_AGENT, type ShopState, type Stage } from './demo-story'
import { passwordHashing } from '../../auth/passwords'

/** The team's admin, set up through the first-run link, and how the story acts as them. */
export async function createTeam({ db, config, stamps, real, onDay }: Stage) {
  const setupLink = await createSetupLink(db, config.publicUrl)
  if (!setupLink) throw new Error('an admin already exists: the demo needs an empty database')
  await createFirstAdmin(
    db,
    adminSetupInput.parse({
      token: new URL(setupLink).hash.replace(/^#token=/, ''),
      fullName: demoAdmin.fullName,
      email: demoAdmin.email,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    }),
    passwordHashing(config.env),
  )
  const [adminUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAdmin.email))
  const adminId = adminUser!.id
  const oldestShop = Math.max(...demoShops.map((shop) => shop.registeredDaysAgo))
  stamps.account(adminId, real(onDay(oldestShop + 12, 9, 10)))
  return {
    admin: (request: RequestContext): AdminScope => ({ role: 'admin', userId: adminId, request }),
    adminViewer: { userId: adminId, role: 'admin' as const },
  }
}

/** Every shop's owner signs up, in the order of demo-data; their shops are registered later in the story. */
export async function signUpOwners(stage: Stage): Promise<Map<string, ShopState>> {
  const shops = new Map<string, ShopState>()
  for (const data of demoShops) shops.set(data.shopName, await signUpOwner(stage, data))
  return shops
}

/** Sign-up, then the mailed confirmation link; the owner's language is kept for the team's mails. */
async function signUpOwner({ db, deps }: Stage, data: DemoShop): Promise<ShopState> {
  await registerAccount(
    deps,
    { fullName: data.owner.fullName, email: data.owner.email, password: DEMO_PASSWORD },
    new Headers({ 'user-agent': DEMO_USER_AGENT }),
    DEMO_ADDRESS,
  )
  const [mail] = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, data.owner.email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1)
  const token = mail?.text.match(/access_token=([^&\s]+)/)?.[1]
  if (!token) throw new Error(`no confirmation link was mailed to ${data.owner.email}`)
  await confirmEmail(deps, token)
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, data.owner.email))
  // The language of the screens the owner uses: the team's mails to them are written in it.
  await keepLanguage(db, user!.id, null, data.owner.language)
  return {
    data,
    userId: user!.id,
    email: data.owner.email,
    vendorId: null,
    status: 'pending',
    products: [],
  }
}
