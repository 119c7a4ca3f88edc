import { useState } from 'react'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { limits } from '../../../shared/constants'
import type { FileRefDto, VendorProfile } from '../../../shared/schemas/vendor'
import { fileIdFromUrl, fileUrl } from '../../../shared/schemas/upload'
import { useSetBusinessDocuments, useSetVendorLogo } from '../../api/vendor'
import { UploadWidget, type UploadedRef } from '../../components/upload-widget'
import { FlashAlert } from './flash-alert'
import { failureDetail, useFlashMessage } from './use-flash-message'

/**
 * A file saved on the vendor record as the upload widget shows it. The record keeps only url, name and type;
 * the id comes back out of the url. A url that holds no id keeps the url as its id, and saving then stops with
 * 'Failed to process documents' rather than sending the server something that is not a file id.
 */
const toRef = (file: FileRefDto): UploadedRef => ({
  id: fileIdFromUrl(file.url) ?? file.url,
  url: file.url,
  name: file.name,
  type: file.type,
})

const isFileId = (id: string) => fileIdFromUrl(fileUrl(id)) === id

const sameIds = (a: UploadedRef[], b: UploadedRef[]) =>
  a.length === b.length && a.every((file, index) => file.id === b[index]?.id)

/** The shop logo: upload a new one (or remove it), then Save logo. */
export function LogoSection({ profile }: { profile: VendorProfile }) {
  const { t } = useTranslation()
  const setLogo = useSetVendorLogo()
  const feedback = useFlashMessage()
  const saved: UploadedRef[] = profile.shopLogo
    ? [toRef({ url: profile.shopLogo, name: t('vendor.profile.logo.current'), type: 'logo' })]
    : []
  // null: nothing changed here, show what is saved.
  const [draft, setDraft] = useState<UploadedRef[] | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const value = draft ?? saved
  const isDirty = draft !== null && !sameIds(draft, saved)

  const save = () => {
    feedback.clear()
    const fileId = value[0]?.id ?? null
    if (fileId !== null && !isFileId(fileId)) return feedback.error(t('vendor.profile.logo.failed'))
    setLogo.mutate(fileId, {
      onSuccess: () => {
        setDraft(null)
        feedback.success(t('vendor.profile.logo.updated'))
      },
      onError: (error) => feedback.error(t('vendor.profile.logo.failed'), failureDetail(t, error)),
    })
  }

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="profile-logo">
      <Stack gap="md">
        <Title order={2} size="h4" id="profile-logo">
          {t('vendor.profile.logo.title')}
        </Title>
        {value.length === 0 && !isDirty && (
          <Text size="sm" c="dimmed">
            {t('vendor.profile.logo.none')}
          </Text>
        )}
        <UploadWidget
          purpose="logo"
          label={t('vendor.profile.logo.upload')}
          description={t('vendor.profile.logo.description')}
          maxFiles={limits.files.logo}
          accept="images"
          value={value}
          onChange={setDraft}
          onBusyChange={setIsBusy}
          disabled={setLogo.isPending}
        />
        {isDirty && (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDraft(null)} disabled={setLogo.isPending || isBusy}>
              {t('vendor.profile.logo.discard')}
            </Button>
            <Button onClick={save} loading={setLogo.isPending} disabled={isBusy}>
              {value.length === 0 ? t('vendor.profile.logo.remove') : t('vendor.profile.logo.save')}
            </Button>
          </Group>
        )}
        <FlashAlert flash={feedback.flash} />
      </Stack>
    </Paper>
  )
}

/** Business documents, up to 5 images or PDFs: the kept ones plus new uploads replace the list on save. */
export function BusinessDocumentsSection({ profile }: { profile: VendorProfile }) {
  const { t } = useTranslation()
  const setDocuments = useSetBusinessDocuments()
  const feedback = useFlashMessage()
  const saved = profile.businessDocuments.map(toRef)
  const [draft, setDraft] = useState<UploadedRef[] | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const value = draft ?? saved
  const isDirty = draft !== null && !sameIds(draft, saved)

  const save = () => {
    feedback.clear()
    const fileIds = value.map((file) => file.id)
    // A saved document whose address holds no file id cannot be sent back: say so instead of dropping it.
    if (!fileIds.every(isFileId)) return feedback.error(t('vendor.profile.documents.processFailed'))
    setDocuments.mutate(fileIds, {
      onSuccess: () => {
        setDraft(null)
        feedback.success(t('vendor.profile.documents.updated'))
        // The Save button disappears with the draft: keep keyboard focus in this section, on its heading.
        requestAnimationFrame(() => document.getElementById('profile-documents')?.focus())
      },
      onError: (error) => feedback.error(t('vendor.profile.documents.failed'), failureDetail(t, error)),
    })
  }

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="profile-documents">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="profile-documents" tabIndex={-1}>
            {t('vendor.profile.documents.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('vendor.profile.documents.intro')}
          </Text>
        </div>
        {value.length === 0 && !isDirty && (
          <Text size="sm" c="dimmed">
            {t('vendor.profile.documents.none')}
          </Text>
        )}
        <UploadWidget
          purpose="business_document"
          label={t('vendor.profile.documents.upload')}
          maxFiles={limits.files.businessDocuments}
          accept="images-pdf"
          value={value}
          onChange={setDraft}
          onBusyChange={setIsBusy}
          disabled={setDocuments.isPending}
        />
        {isDirty && (
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setDraft(null)}
              disabled={setDocuments.isPending || isBusy}
            >
              {t('vendor.profile.documents.discard')}
            </Button>
            <Button onClick={save} loading={setDocuments.isPending} disabled={isBusy}>
              {t('vendor.profile.documents.save')}
            </Button>
          </Group>
        )}
        <FlashAlert flash={feedback.flash} />
      </Stack>
    </Paper>
  )
}
