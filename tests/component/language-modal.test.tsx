import { act } from 'react'
import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { languageStorageKey } from '../../src/shared/language'
import LanguageModal from '../../src/web/components/language-modal'
import { i18next } from '../../src/web/i18n'
import en from '../../src/web/i18n/en.json'
import { renderInApp } from './render'

const question = () => screen.queryByRole('dialog', { name: en.language.modalTitle })

beforeEach(async () => {
  localStorage.clear()
  await i18next.changeLanguage('en')
})

// The specification asks a first visitor once which language to use, and keeps the answer in app.language.
describe('the language question', () => {
  it('opens as a modal dialog on a first visit and keeps the language chosen', async () => {
    renderInApp(<LanguageModal />)
    const dialog = question()
    expect(dialog).toBeTruthy()
    expect((dialog as HTMLDialogElement).open).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: en.language.chooseKinyarwanda }))
    expect(localStorage.getItem(languageStorageKey)).toBe('rw')
    expect(question()).toBeNull()
  })

  it('answers English when it is dismissed with Escape', async () => {
    renderInApp(<LanguageModal />)
    await act(async () => {
      fireEvent(question()!, new Event('cancel', { cancelable: true }))
    })
    expect(localStorage.getItem(languageStorageKey)).toBe('en')
    expect(question()).toBeNull()
  })

  it('is not asked again once a language was chosen', () => {
    localStorage.setItem(languageStorageKey, 'en')
    renderInApp(<LanguageModal />)
    expect(question()).toBeNull()
  })
})
