import { useEffect, useId, useRef, useState } from 'react'
import { Anchor, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core'
import { IconCloudUpload, IconFileTypePdf, IconPhoto, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { acceptAttribute, acceptedTypesText, uploadMaxMb, uploadRefusal } from '../../shared/schemas/upload'
import { ApiError } from '../api/client'
import { uploadFile, type UploadedFile, type UploadPurpose } from '../api/uploads'
import { messageText } from '../i18n/keys'
import classes from './upload-widget.module.css'
import { useFileDrop } from './use-file-drop'
import { UploadProgress } from './upload-progress'
import { IconButton } from './icon-button'

/** A stored file as a form keeps it: enough to show it again and to send its id. */
export type UploadedRef = {
  id: string
  url: string
  name: string
  type: string
  thumbUrl?: string | null
  contentType?: string
}

export type UploadWidgetProps = {
  purpose: UploadPurpose
  label: string
  description?: string
  maxFiles: number
  value: UploadedRef[]
  onChange: (files: UploadedRef[]) => void
  onBusyChange?: (isBusy: boolean) => void
  disabled?: boolean
  error?: string
}

/** Why a file was refused, kept as a message key so it follows a change of language. */
type Reason = { messageKey: string; params?: Record<string, string | number> }

/** A file picked in this visit that is not (yet) in `value`: waiting, on its way, or refused. */
type PendingFile = {
  key: string
  name: string
  status: 'queued' | 'uploading' | 'failed'
  progress: number
  reason?: Reason
}

type Job = { key: string; file: File }

const pdfType = 'application/pdf'

const reasonOf = (failure: unknown): Reason =>
  failure instanceof ApiError
    ? { messageKey: failure.messageKey, params: failure.params }
    : { messageKey: 'uploads.failed' }

const toRef = (file: UploadedFile): UploadedRef => ({
  id: file.id,
  url: file.url,
  name: file.name,
  type: file.type,
  thumbUrl: file.thumbUrl,
  contentType: file.contentType,
})

/** Refs saved on a vendor record carry only url, name and type: the name's extension tells a PDF apart. */
const isPdf = (file: UploadedRef) =>
  file.contentType ? file.contentType === pdfType : /\.pdf$/i.test(file.name)

let pendingSequence = 0

/**
 * Picks (or takes dropped) files, uploads them one after another with a progress bar each, and hands
 * the parent the list of stored files. The same limits as the server (10 MB, the purpose's types,
 * maxFiles) are checked here first so a refused file never travels; the server still checks the bytes.
 */
export function UploadWidget({
  purpose,
  label,
  description,
  maxFiles,
  value,
  onChange,
  onBusyChange,
  disabled = false,
  error,
}: UploadWidgetProps) {
  const { t } = useTranslation()
  const id = useId()
  const inputId = `${id}-input`
  const labelId = `${id}-label`
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const inputRef = useRef<HTMLInputElement>(null)

  const [pending, setPending] = useState<PendingFile[]>([])
  // A refusal of the whole pick (too many files); its sequence re-announces the same words said twice.
  const [notice, setNotice] = useState<{ reason: Reason; sequence: number } | null>(null)
  // Files stored during this visit show "Upload successful"; files the parent already had show no status.
  const [uploadedHere, setUploadedHere] = useState<ReadonlySet<string>>(() => new Set())

  // The upload loop outlives renders: it reads the latest value and callbacks through refs.
  const valueRef = useRef(value)
  const onChangeRef = useRef(onChange)
  const onBusyChangeRef = useRef(onBusyChange)
  useEffect(() => {
    valueRef.current = value
  }, [value])
  useEffect(() => {
    onChangeRef.current = onChange
    onBusyChangeRef.current = onBusyChange
  })

  const queueRef = useRef<Job[]>([])
  const isRunningRef = useRef(false)
  const abortRef = useRef<AbortController | null>(null)
  useEffect(
    () => () => {
      // Leaving the screen cancels the upload in flight; nothing is half-attached to the form.
      abortRef.current?.abort()
      queueRef.current = []
      if (isRunningRef.current) onBusyChangeRef.current?.(false)
      isRunningRef.current = false
    },
    [],
  )

  const updatePending = (key: string, change: Partial<PendingFile>) =>
    setPending((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)))

  async function drain() {
    if (isRunningRef.current) return
    isRunningRef.current = true
    onBusyChangeRef.current?.(true)
    const controller = new AbortController()
    abortRef.current = controller
    // One at a time: a phone on a slow line finishes one file instead of starving several.
    for (let job = queueRef.current.shift(); job; job = queueRef.current.shift()) {
      const { key, file } = job
      updatePending(key, { status: 'uploading', progress: 0 })
      try {
        const stored = toRef(
          await uploadFile(purpose, file, (progress) => updatePending(key, { progress }), controller.signal),
        )
        // A single-file slot (a logo, a government ID) takes the new file in place of the one it holds.
        const next = maxFiles === 1 ? [stored] : [...valueRef.current, stored]
        valueRef.current = next
        onChangeRef.current(next)
        setPending((current) => current.filter((item) => item.key !== key))
        setUploadedHere((current) => new Set(current).add(stored.id))
      } catch (failure) {
        if (controller.signal.aborted) return
        updatePending(key, { status: 'failed', reason: reasonOf(failure) })
      }
    }
    abortRef.current = null
    isRunningRef.current = false
    onBusyChangeRef.current?.(false)
  }

  function addFiles(files: File[]) {
    if (disabled || files.length === 0) return
    const inProgress = pending.filter((item) => item.status !== 'failed').length
    // A single-file slot is replaced by one new file: the vendor need not remove the old one first.
    const kept = maxFiles === 1 && files.length === 1 && inProgress === 0 ? 0 : value.length
    if (kept + inProgress + files.length > maxFiles) {
      const reason = { messageKey: 'uploads.tooMany', params: { max: maxFiles } }
      setNotice((current) => ({ reason, sequence: (current?.sequence ?? 0) + 1 }))
      return
    }
    setNotice(null)
    const added: PendingFile[] = []
    for (const file of files) {
      const key = `upload-${++pendingSequence}`
      // The purpose's size and types, as the server checks them (it still decides from the bytes).
      const refusal: Reason | null = uploadRefusal(purpose, file)
      if (refusal) {
        added.push({ key, name: file.name, status: 'failed', progress: 0, reason: refusal })
      } else {
        added.push({ key, name: file.name, status: 'queued', progress: 0 })
        queueRef.current.push({ key, file })
      }
    }
    setPending((current) => [...current, ...added])
    void drain()
  }

  const { onPick, zoneProps } = useFileDrop(addFiles, disabled)

  const removeStored = (file: UploadedRef) => {
    onChange(value.filter((item) => item.id !== file.id))
    setNotice(null)
    // The removed row took the focused button with it: focus returns to the picker.
    inputRef.current?.focus()
  }
  const removePending = (item: PendingFile) => {
    queueRef.current = queueRef.current.filter((job) => job.key !== item.key)
    setPending((current) => current.filter((entry) => entry.key !== item.key))
    setNotice(null)
    inputRef.current?.focus()
  }

  const say = (reason: Reason) =>
    messageText(t, reason.messageKey, { ...reason.params, defaultValue: t('uploads.failed') })
  const shownError = notice ? say(notice.reason) : error
  const describedBy = [hintId, shownError ? errorId : null].filter(Boolean).join(' ')

  return (
    <Stack gap={6}>
      <div>
        {/* The input is named by this text (aria-labelledby); the drop area below is its one <label>. */}
        <Text id={labelId} fw={500} size="sm">
          {label}
        </Text>
        {description && (
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        )}
      </div>

      <label
        htmlFor={inputId}
        className={classes.zone}
        {...zoneProps}
        data-disabled={disabled || undefined}
        data-invalid={shownError ? true : undefined}
      >
        <input
          ref={inputRef}
          id={inputId}
          className={classes.input}
          type="file"
          accept={acceptAttribute(purpose)}
          multiple={maxFiles > 1}
          disabled={disabled}
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={shownError ? true : undefined}
          onChange={onPick}
        />
        <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
          <IconCloudUpload size={20} />
        </ThemeIcon>
        <Text size="sm" fw={500}>
          {t('uploads.chooseOrDrop', { count: maxFiles })}
        </Text>
        <Text size="xs" c="dimmed" id={hintId}>
          {t('uploads.hint', { types: acceptedTypesText(purpose), size: uploadMaxMb, count: maxFiles })}
        </Text>
      </label>

      {shownError && (
        // A refused pick is news and is announced; a form error is read with the focused input instead.
        <Text key={notice?.sequence} size="sm" c="red.8" id={errorId} role={notice ? 'alert' : undefined}>
          {shownError}
        </Text>
      )}

      {/*
        The list is the live region: a row's status (Uploading, Upload successful, Upload failed and why) is
        announced as it appears or changes, each message said once and shown once. It exists while empty so
        that its first row is announced too.
      */}
      <ul className={classes.list} aria-label={t('uploads.listLabel', { label })} aria-live="polite">
        {value.map((file) => (
          <li key={file.id} className={classes.item}>
            <FilePreview file={file} />
            <div className={classes.body}>
              <Anchor href={file.url} target="_blank" rel="noopener" size="sm" className={classes.name}>
                {file.name}
                {/* Opened beside the form: leaving it would lose what has been typed. */}
                <VisuallyHidden> {t('common.opensInNewTab')}</VisuallyHidden>
              </Anchor>
              {uploadedHere.has(file.id) && (
                <Text size="xs" c="teal.9">
                  {t('uploads.status.success')}
                </Text>
              )}
            </div>
            <IconButton
              variant="subtle"
              color="red"
              disabled={disabled}
              label={t('uploads.remove', { name: file.name })}
              icon={IconTrash}
              onClick={() => removeStored(file)}
            />
          </li>
        ))}
        {pending.map((item) => (
          <li key={item.key} className={classes.item} data-failed={item.status === 'failed' || undefined}>
            <ThemeIcon
              variant="light"
              color={item.status === 'failed' ? 'red' : 'gray'}
              size={48}
              aria-hidden
            >
              <IconCloudUpload size={22} />
            </ThemeIcon>
            <div className={classes.body}>
              <Text size="sm" className={classes.name}>
                {item.name}
              </Text>
              {item.status === 'failed' ? (
                <>
                  <Text size="xs" c="red.8" fw={500}>
                    {t('uploads.status.failed')}
                  </Text>
                  {item.reason && (
                    <Text size="xs" c="red.8">
                      {say(item.reason)}
                    </Text>
                  )}
                </>
              ) : (
                <UploadProgress status={item.status} progress={item.progress} name={item.name} dimmed />
              )}
            </div>
            {item.status !== 'uploading' && (
              <IconButton
                variant="subtle"
                color="red"
                label={t('uploads.remove', { name: item.name })}
                icon={IconTrash}
                onClick={() => removePending(item)}
              />
            )}
          </li>
        ))}
      </ul>
    </Stack>
  )
}

function FilePreview({ file }: { file: UploadedRef }) {
  const [hasFailed, setHasFailed] = useState(false)
  if (isPdf(file)) {
    return (
      <ThemeIcon variant="light" color="red" size={48} aria-hidden>
        <IconFileTypePdf size={26} />
      </ThemeIcon>
    )
  }
  if (hasFailed) {
    return (
      <ThemeIcon variant="light" color="gray" size={48} aria-hidden>
        <IconPhoto size={24} />
      </ThemeIcon>
    )
  }
  // Decorative: the file name stands right beside it.
  return (
    <img
      src={file.thumbUrl ?? file.url}
      alt=""
      className={classes.thumb}
      loading="lazy"
      onError={() => setHasFailed(true)}
    />
  )
}
