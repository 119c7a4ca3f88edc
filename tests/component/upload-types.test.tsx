import { fireEvent, screen } from '@testing-library/react'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { acceptedTypesText, type UploadPurpose } from '../../src/shared/schemas/upload'
import { UploadWidget } from '../../src/web/components/upload-widget'
import { i18next } from '../../src/web/i18n'
import rw from '../../src/web/i18n/rw.json'
import { renderInApp } from './render'

/**
 * A file of a type the server would refuse is refused as it is picked or dropped, with the types the place takes,
 * from the list the server checks (shared/schemas/upload.ts): it never travels. The hint names the same types.
 */
function renderWidget(purpose: UploadPurpose) {
  const fetch = vi.fn()
  vi.stubGlobal('fetch', fetch)
  const open = vi.spyOn(XMLHttpRequest.prototype, 'open')
  renderInApp(<UploadWidget purpose={purpose} label="Files" maxFiles={3} value={[]} onChange={() => {}} />)
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
  const zone = input.closest('label')!
  return { input, zone, sent: () => fetch.mock.calls.length + open.mock.calls.length }
}

afterEach(async () => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  await act(() => i18next.changeLanguage('en'))
})

describe('the upload drop zone', () => {
  it('names the types it takes in its hint: images for a logo, images or PDF for an ID', () => {
    renderWidget('logo')
    expect(screen.getByText(/^JPEG, PNG, WebP, GIF · Up to 10MB each/)).toBeTruthy()
    expect(acceptedTypesText('gov_id')).toBe('JPEG, PNG, WebP, GIF, PDF')
  })

  it('refuses a PDF dropped on the logo, saying only images are taken, and sends nothing', async () => {
    const { zone, sent } = renderWidget('logo')
    const pdf = new File(['%PDF-1.4'], 'logo.pdf', { type: 'application/pdf' })
    fireEvent.drop(zone, { dataTransfer: { files: [pdf] } })
    expect(await screen.findByText('Only JPEG, PNG, WebP, GIF files are accepted here.')).toBeTruthy()
    expect(sent()).toBe(0)
  })

  // Some browsers give no type for a photo saved as HEIC: its name says what it is.
  it('refuses a file the browser gives no type for by its name (photo.heic), and sends nothing', async () => {
    const { input, sent } = renderWidget('gov_id')
    fireEvent.change(input, { target: { files: [new File(['....'], 'photo.HEIC', { type: '' })] } })
    expect(await screen.findByText('Only JPEG, PNG, WebP, GIF, PDF files are accepted here.')).toBeTruthy()
    expect(sent()).toBe(0)
  })

  it('says it in Kinyarwanda too', async () => {
    i18next.addResourceBundle('rw', 'translation', rw, true, true)
    await act(() => i18next.changeLanguage('rw'))
    const { input } = renderWidget('business_document')
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.docx', { type: '' })] } })
    const message = rw.uploads.typeNotAllowed.replace('{{types}}', 'JPEG, PNG, WebP, GIF, PDF')
    expect(await screen.findByText(message)).toBeTruthy()
  })
})
