import { useEffect, useId, useRef, useState } from 'react'
import { Button, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../shared/constants'
import { rememberLanguage, storedLanguage } from '../i18n'
import classes from './language-modal.module.css'

/**
 * Asks once: shown until a language has been chosen (kept under app.language). Loaded by RootLayout only on a
 * visit with no choice stored.
 *
 * The browser's own modal <dialog> (showModal: the page behind is inert, focus stays inside, Escape answers
 * "Continue in English"), not Mantine's Modal: this question opens on every first visit, and Mantine's dialog
 * code (its focus trap, scroll lock, portal and transitions, 26 KB over the wire) would come with /login.
 */
export default function LanguageModal() {
  const { t } = useTranslation()
  const titleId = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const [isOpen, setIsOpen] = useState(() => storedLanguage() === null)

  useEffect(() => {
    if (isOpen && dialog.current && !dialog.current.open) dialog.current.showModal()
  }, [isOpen])

  const choose = (language: Language) => {
    void rememberLanguage(language)
    setIsOpen(false)
  }
  if (!isOpen) return null
  return (
    <dialog
      ref={dialog}
      className={classes.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        choose('en')
      }}
    >
      <Stack>
        <Title order={2} size="h4" id={titleId}>
          {t('language.modalTitle')}
        </Title>
        <Text size="sm">{t('language.modalBody')}</Text>
        <Button lang="rw" onClick={() => choose('rw')} size="md">
          {t('language.chooseKinyarwanda')}
        </Button>
        <Button variant="default" onClick={() => choose('en')} size="md">
          {t('language.continueEnglish')}
        </Button>
      </Stack>
    </dialog>
  )
}
