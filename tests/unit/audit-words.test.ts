import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fieldName, fieldValue, tableName } from '../../src/web/admin-area/audit-logs/audit-words'
import { textsIn } from '../fixtures/texts'

/** Every table the server names in an audit entry (`targetTable: 'orders'`). */
function auditedTables(dir = 'src/server'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return auditedTables(full)
    if (!entry.name.endsWith('.ts')) return []
    return [...readFileSync(full, 'utf8').matchAll(/targetTable: '(\w+)'/g)].map((match) => match[1]!)
  })
}

// The audit screen is read by admins in their language: "status: pending → approved" is the database talking.
describe("the audit trail's names on screen", () => {
  it('are Kinyarwanda words for a Kinyarwanda reader: tables, fields, and statuses, plans and types', async () => {
    const t = await textsIn('rw')
    expect(tableName(t, 'orders')).toBe('Icyatumijwe')
    expect(tableName(t, 'payouts')).toBe('Kwishyurwa')
    expect(fieldName(t, 'status')).toBe('Uko bihagaze')
    expect(fieldName(t, 'payment_reference')).toBe("Nimero y'ubwishyu")
    expect(fieldValue(t, 'status', 'pending')).toBe('Bitegereje')
    expect(fieldValue(t, 'status', 'approved')).toBe('Byemejwe')
    expect(fieldValue(t, 'subscription_status', 'active')).toBe('Birakora')
    expect(fieldValue(t, 'requested_plan', 'growth')).toBe('Iterambere')
    expect(fieldValue(t, 'type', 'support')).toBe('Ubufasha')
    // The note a receipt confirmation writes is stored in English; it reads in the reader's language.
    expect(fieldValue(t, 'notes', 'Vendor confirmed receipt on 2026-01-31')).toBe(
      'Umucuruzi yemeje ko yakiriye amafaranga ku wa 2026-01-31',
    )
    expect(fieldValue(t, 'notes', 'Paid in cash')).toBe('Paid in cash')
  })

  it('are English words for an English reader', async () => {
    const t = await textsIn('en')
    expect(
      `${fieldName(t, 'status')}: ${fieldValue(t, 'status', 'pending')} → ${fieldValue(t, 'status', 'approved')}`,
    ).toBe('Status: Pending → Approved')
    expect(tableName(t, 'vendors')).toBe('Vendor')
    expect(fieldName(t, 'decision_reason')).toBe('Reason')
  })

  it('keep a name or value no word names as it is stored', async () => {
    const t = await textsIn('rw')
    expect(tableName(t, 'gift_cards')).toBe('gift_cards')
    expect(fieldName(t, 'colour_code')).toBe('colour_code')
    expect(fieldValue(t, 'status', 'on_hold')).toBe('on_hold')
    // Only the values of a status, a plan or a type are words: a reason is the admin's own text.
    expect(fieldValue(t, 'decision_reason', 'pending')).toBe('pending')
  })

  it('name every table the server records entries about', async () => {
    const t = await textsIn('rw')
    const tables = [...new Set(auditedTables())]
    expect(tables.length).toBeGreaterThan(5)
    expect(tables.filter((table) => tableName(t, table) === table)).toEqual([])
  })
})
