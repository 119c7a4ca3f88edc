import { describe, expect, it } from 'vitest'
import { adminReplySubject } from '../../src/shared/schemas/message'
import { receiptNote, receiptNoteDate } from '../../src/shared/schemas/payout'

// Notes and subjects are stored in the specification's English (the admin list searches them) and shown
// in the reader's language: the screen must recognise exactly what the server writes.
describe('stored wording the screens translate', () => {
  it('reads the date back out of a receipt note, and nothing out of other notes', () => {
    expect(receiptNote('2026-11-22')).toBe('Vendor confirmed receipt on 2026-11-22')
    expect(receiptNoteDate(receiptNote('2026-11-22'))).toBe('2026-11-22')
    expect(receiptNoteDate('Paid by bank transfer')).toBeNull()
    expect(receiptNoteDate(null)).toBeNull()
  })

  it('keeps the admin reply subject of the specification', () => {
    expect(adminReplySubject).toBe('Re: Admin Response')
  })
})
