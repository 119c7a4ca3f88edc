import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { MoneySettingsDto, moneySettingsInput } from '../../shared/schemas/commission'
import { recordAudit } from '../audit/record-audit'
import type { Db, Tx } from '../db/client'
import { marketplaceSettings, users } from '../db/schema'
import { pick } from '../lib/pick'
import type { AdminScope } from '../lib/scope'

/** The one row of marketplace_settings (migration 0020 inserts it; a check keeps it the only one). */
const SETTINGS_ID = 1

/** The settings an admin edits, with the names their audit entries give them (the columns'). */
const settingFields = {
  vatRateBp: 'vat_rate_bp',
  holdDays: 'hold_days',
  debtLimit: 'debt_limit',
  adjustmentApprovalAbove: 'adjustment_approval_above',
  payoutApprovalAbove: 'payout_approval_above',
  lowFloatBelow: 'low_float_below',
  marketplaceName: 'marketplace_name',
  marketplaceTin: 'marketplace_tin',
} as const satisfies Partial<Record<keyof typeof marketplaceSettings.$inferSelect, string>>
type SettingField = keyof typeof settingFields
const settingKeys = Object.keys(settingFields) as SettingField[]

async function readSettings(tx: Tx): Promise<MoneySettingsDto> {
  const [row] = await tx
    .select({ settings: marketplaceSettings, updatedByName: users.fullName })
    .from(marketplaceSettings)
    .leftJoin(users, eq(users.id, marketplaceSettings.updatedBy))
    .where(eq(marketplaceSettings.id, SETTINGS_ID))
  if (!row) throw new Error('marketplace_settings has no row 1: run the migrations')
  const { settings } = row
  return {
    ...pick(settings, settingKeys),
    updatedAt: settings.updatedAt.toISOString(),
    updatedByName: row.updatedByName,
  }
}

/** The marketplace's money settings: VAT on commission, the hold on sales, the limits, its name and TIN. */
export const getMoneySettings = (db: Db, _admin: AdminScope) => readSettings(db)

/**
 * Replaces the money settings. What changed is audited with the change (only the changed fields, old and new), so
 * the team can tell who moved the VAT rate or the hold, and when; a save that changes nothing writes nothing.
 * A new VAT rate or hold applies to sales completed from now on: a sale keeps what it was posted with.
 */
export async function updateMoneySettings(
  db: Db,
  admin: AdminScope,
  input: z.output<typeof moneySettingsInput>,
): Promise<MoneySettingsDto> {
  return db.transaction(async (tx) => {
    // Locked: two admins saving at once are recorded one after the other, each against what the other left.
    const [current] = await tx
      .select()
      .from(marketplaceSettings)
      .where(eq(marketplaceSettings.id, SETTINGS_ID))
      .for('update')
    if (!current) throw new Error('marketplace_settings has no row 1: run the migrations')
    const changed = settingKeys.filter(
      // A setting left out of the request (an older form's) stays as it is.
      (field) => input[field] !== undefined && input[field] !== current[field],
    )
    if (changed.length === 0) return readSettings(tx)
    await tx
      .update(marketplaceSettings)
      .set({ ...Object.fromEntries(changed.map((field) => [field, input[field]])), updatedBy: admin.userId })
      .where(eq(marketplaceSettings.id, SETTINGS_ID))
    await recordAudit(tx, {
      by: admin,
      action: 'update',
      targetTable: 'marketplace_settings',
      targetId: String(SETTINGS_ID),
      oldValues: Object.fromEntries(changed.map((field) => [settingFields[field], current[field]])),
      newValues: Object.fromEntries(changed.map((field) => [settingFields[field], input[field]])),
    })
    return readSettings(tx)
  })
}

/** Whether `npm run demo` built this marketplace (its server then uses the fakes unless told otherwise). */
export async function isDemoMarketplace(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ isDemo: marketplaceSettings.isDemo })
    .from(marketplaceSettings)
    .where(eq(marketplaceSettings.id, SETTINGS_ID))
  return row?.isDemo ?? false
}
