import { describe, expect, it } from 'vitest'
import {
  adminReplySubject,
  isTeamReplySubject,
  replyWording,
  vendorReplySubject,
} from '../../src/shared/schemas/message'
import { receiptNote, receiptNoteDate } from '../../src/shared/schemas/payout'

// Notes are stored in the specification's English, reply subjects in the vendor's language (the admin list
// searches them), and shown in the reader's language: the screen must recognise exactly what the server writes.
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

  it("recognises the team's reply subject in either language it is stored in, and nothing else", () => {
    expect(isTeamReplySubject(adminReplySubject)).toBe(true)
    expect(isTeamReplySubject(replyWording.rw.teamReply)).toBe(true)
    expect(isTeamReplySubject('Re: Admin Response please')).toBe(false)
  })

  it("prefixes a vendor's reply subject once, in their language", () => {
    expect(vendorReplySubject('en', 'Late order')).toBe('Re: Late order')
    expect(vendorReplySubject('rw', 'Late order')).toBe('Igisubizo: Late order')
    expect(vendorReplySubject('rw', 'Re: Late order')).toBe('Re: Late order')
    expect(vendorReplySubject('en', 'x'.repeat(300))).toHaveLength(200)
  })
})
