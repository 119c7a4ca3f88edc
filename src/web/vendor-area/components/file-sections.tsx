import { useState } from 'react'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { limits } from '../../../shared/constants'
import type { FileRefDto, VendorProfile } from '../../../shared/schemas/vendor'
import { fileIdFromUrl, fileUrl } from '../../../shared/schemas/upload'
import { useSetBusinessDocuments, useSetVendorLogo } from '../../api/vendor'
import { UploadWidget, type UploadedRef, type UploadWidgetProps } from '../../components/upload-widget'
import { FlashAlert } from '../../components/flash-alert'
import { failureDetail, useFlashMessage } from '../../components/use-flash-message'

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

type SavedFilesProps = {
  id: string
  title: string
  intro?: string
  none: string
  widget: Pick<UploadWidgetProps, 'purpose' | 'label' | 'description' | 'maxFiles'>
  saved: UploadedRef[]
  /** A message when the draft cannot be sent as it is, or null to send it. */
  check: (files: UploadedRef[]) => string | null
  save: {
    mutate: (
      fileIds: string[],
      callbacks: { onSuccess: () => void; onError: (error: unknown) => void },
    ) => void
    isPending: boolean
  }
  labels: { discard: string; save: (files: UploadedRef[]) => string; updated: string; failed: string }
}

/**
 * Files kept on the vendor record, edited in place: uploads and removals make a draft, which Save sends and
 * Discard drops. After a save the Save button goes with the draft: focus stays in the section, on its heading.
 */
function SavedFilesSection({ id, title, intro, none, widget, saved, check, save, labels }: SavedFilesProps) {
  const { t } = useTranslation()
  const feedback = useFlashMessage()
  // null: nothing changed here, show what is saved.
  const [draft, setDraft] = useState<UploadedRef[] | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const value = draft ?? saved
  const isDirty = draft !== null && !sameIds(draft, saved)

  const submit = () => {
    feedback.clear()
    const refused = check(value)
    if (refused) return feedback.error(refused)
    save.mutate(
      value.map((file) => file.id),
      {
        onSuccess: () => {
          setDraft(null)
          feedback.success(labels.updated)
          requestAnimationFrame(() => document.getElementById(id)?.focus())
        },
        onError: (error) => feedback.error(labels.failed, failureDetail(t, error)),
      },
    )
  }

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={id}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={id} tabIndex={-1}>
            {title}
          </Title>
          {intro && (
            <Text size="sm" c="dimmed" mt={4}>
              {intro}
            </Text>
          )}
        </div>
        {value.length === 0 && !isDirty && (
          <Text size="sm" c="dimmed">
            {none}
          </Text>
        )}
        <UploadWidget
          {...widget}
          value={value}
          onChange={setDraft}
          onBusyChange={setIsBusy}
          disabled={save.isPending}
        />
        {isDirty && (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDraft(null)} disabled={save.isPending || isBusy}>
              {labels.discard}
            </Button>
            <Button onClick={submit} loading={save.isPending} disabled={isBusy}>
              {labels.save(value)}
            </Button>
          </Group>
        )}
        <FlashAlert flash={feedback.flash} />
      </Stack>
    </Paper>
  )
}

/** The shop logo: upload a new one (it replaces the current one) or remove it, then Save logo. */
export function LogoSection({ profile }: { profile: VendorProfile }) {
  const { t } = useTranslation()
  const setLogo = useSetVendorLogo()
  const saved: UploadedRef[] = profile.shopLogo
    ? [toRef({ url: profile.shopLogo, name: t('vendor.profile.logo.current'), type: 'logo' })]
    : []
  return (
    <SavedFilesSection
      id="profile-logo"
      title={t('vendor.profile.logo.title')}
      none={t('vendor.profile.logo.none')}
      widget={{
        purpose: 'logo',
        label: t('vendor.profile.logo.upload'),
        description: t('vendor.profile.logo.description'),
        maxFiles: limits.files.logo,
      }}
      saved={saved}
      check={(files) => (files.every((file) => isFileId(file.id)) ? null : t('vendor.profile.logo.failed'))}
      save={{
        isPending: setLogo.isPending,
        mutate: ([fileId], callbacks) => setLogo.mutate(fileId ?? null, callbacks),
      }}
      labels={{
        discard: t('vendor.profile.logo.discard'),
        save: (files) =>
          files.length === 0 ? t('vendor.profile.logo.remove') : t('vendor.profile.logo.save'),
        updated: t('vendor.profile.logo.updated'),
        failed: t('vendor.profile.logo.failed'),
      }}
    />
  )
}

/** Business documents, up to 5 images or PDFs: the kept ones plus new uploads replace the list on save. */
export function BusinessDocumentsSection({ profile }: { profile: VendorProfile }) {
  const { t } = useTranslation()
  const setDocuments = useSetBusinessDocuments()
  return (
    <SavedFilesSection
      id="profile-documents"
      title={t('vendor.profile.documents.title')}
      intro={t('vendor.profile.documents.intro')}
      none={t('vendor.profile.documents.none')}
      widget={{
        purpose: 'business_document',
        label: t('vendor.profile.documents.upload'),
        maxFiles: limits.files.businessDocuments,
      }}
      saved={profile.businessDocuments.map(toRef)}
      // A saved document whose address holds no file id cannot be sent back: say so instead of dropping it.
      check={(files) =>
        files.every((file) => isFileId(file.id)) ? null : t('vendor.profile.documents.processFailed')
      }
      save={setDocuments}
      labels={{
        discard: t('vendor.profile.documents.discard'),
        save: () => t('vendor.profile.documents.save'),
        updated: t('vendor.profile.documents.updated'),
        failed: t('vendor.profile.documents.failed'),
      }}
    />
  )
}
