import { useState } from 'react'
import { Button, Modal, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../shared/constants'
import { rememberLanguage, storedLanguage } from '../i18n'

/**
 * Asks once: shown until a language has been chosen (kept under app.language). Loaded by RootLayout only on a
 * visit with no choice stored.
 */
export default function LanguageModal() {
  const { t } = useTranslation()
  const [isOpen, setIsOpen] = useState(() => storedLanguage() === null)
  const choose = (language: Language) => {
    void rememberLanguage(language)
    setIsOpen(false)
  }
  return (
    <Modal
      opened={isOpen}
      onClose={() => choose('en')}
      title={t('language.modalTitle')}
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
    >
      <Stack>
        <Text size="sm">{t('language.modalBody')}</Text>
        <Button lang="rw" onClick={() => choose('rw')} size="md">
          {t('language.chooseKinyarwanda')}
        </Button>
        <Button variant="default" onClick={() => choose('en')} size="md">
          {t('language.continueEnglish')}
        </Button>
      </Stack>
    </Modal>
  )
}
