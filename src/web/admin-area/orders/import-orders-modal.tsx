import { useRef, useState } from 'react'
import { Alert, Button, FileInput, Group, List, Progress, Stack, Text } from '@mantine/core'
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { CSV_BOM, csvRow } from '../../../shared/csv'
import {
  orderImportLimits,
  type OrderImportResult,
  type OrderImportRowError,
  type PreviousImport,
} from '../../../shared/schemas/order'
import { importTemplatePath, useImportOrders } from '../../api/admin-orders'
import { ApiError } from '../../api/client'
import { WideModal } from '../../components/details-modal'
import { DownloadButton } from '../../components/download-button'
import { messageText } from '../../i18n/keys'
import { useFormatDateTime } from '../../components/format-date-time'

/** The results box shows this many errors, then '... and N more errors' (specification §8). */
const ERRORS_SHOWN = 5

type Stage =
  | { kind: 'idle' }
  | { kind: 'sending'; dryRun: boolean; percent: number }
  | { kind: 'done'; result: OrderImportResult; fileName: string }
  /** The same file was imported within 24 hours: the admin is asked before it imports again. */
  | { kind: 'confirm'; previous: PreviousImport }
  | { kind: 'failed'; message: string }

/** A refused row's message in the reader's language ('Row 4: Missing required data'). */
export function rowErrorText(t: TFunction, error: OrderImportRowError) {
  const params: Record<string, string | number> = { ...error.params }
  // An unexpected refusal names a message key of its own when the server had one.
  if (typeof params.message === 'string')
    params.message = messageText(t, params.message, { defaultValue: params.message })
  return messageText(t, error.messageKey, params)
}

/**
 * The refused rows as a CSV with the file's own header and an Error column: the operator fixes them in a
 * spreadsheet and imports only those again (written here, from what the import answered: nothing is kept on
 * the server).
 */
function failedRowsFile(t: TFunction, result: OrderImportResult): Blob {
  const lines = [
    csvRow([...result.header, t('admin.orders.import.errorColumn')]),
    ...result.errors.map((error) => csvRow([...error.values, rowErrorText(t, error)])),
  ]
  return new Blob([CSV_BOM, ...lines], { type: 'text/csv;charset=utf-8' })
}

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * "Import (CSV)" (admin §5, §8): the template, the file, a preview that checks every row and writes nothing,
 * then the import, with the upload's progress. The results box says how many were imported and lists the
 * refused rows' messages word for word (the first 5, then how many more); the refused rows download as a CSV
 * to fix and import again.
 */
export function ImportOrdersModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const formatDateTime = useFormatDateTime()
  const importOrders = useImportOrders()
  const [file, setFile] = useState<File | null>(null)
  const [stage, setStage] = useState<Stage>({ kind: 'idle' })
  const [missingFile, setMissingFile] = useState(false)
  const abort = useRef<AbortController | null>(null)
  const isSending = stage.kind === 'sending'
  /** This file's orders are created: it cannot be sent again from here; another file can be chosen. */
  const isImported = stage.kind === 'done' && !stage.result.dryRun

  const chooseAnother = () => {
    setFile(null)
    setStage({ kind: 'idle' })
    setMissingFile(false)
  }

  const close = () => {
    abort.current?.abort()
    setFile(null)
    setStage({ kind: 'idle' })
    setMissingFile(false)
    onClose()
  }

  const send = async (dryRun: boolean, confirmRepeat = false) => {
    if (!file) return setMissingFile(true)
    if (isImported) return
    const controller = new AbortController()
    abort.current = controller
    setStage({ kind: 'sending', dryRun, percent: 0 })
    try {
      // After a real import the orders' screens are refetched before the answer shows (useImportOrders).
      const result = await importOrders.mutateAsync({
        file,
        dryRun,
        confirmRepeat,
        signal: controller.signal,
        onProgress: (percent) => setStage({ kind: 'sending', dryRun, percent }),
      })
      setStage({ kind: 'done', result, fileName: file.name })
    } catch (error) {
      if (controller.signal.aborted) return
      // Imported within the last 24 hours: ask first, then send again with the confirmation.
      if (
        error instanceof ApiError &&
        (error.messageKey === 'orders.import.alreadyImported' ||
          error.messageKey === 'orders.import.alreadyRunning')
      ) {
        const params = error.params ?? {}
        return setStage({
          kind: 'confirm',
          previous: {
            importedAt: String(params.importedAt ?? ''),
            orders: Number(params.orders ?? 0),
            running: error.messageKey === 'orders.import.alreadyRunning',
          },
        })
      }
      // A refusal of the whole file says why ('Missing required columns: Quantity'); anything else is the
      // specification's 'Failed to process import file'.
      const message =
        error instanceof ApiError && error.code !== 'INTERNAL'
          ? messageText(t, error.messageKey, { ...error.params, defaultValue: t('orders.import.failed') })
          : t('orders.import.failed')
      setStage({ kind: 'failed', message })
    }
  }

  return (
    <WideModal opened={opened} onClose={close} title={t('admin.orders.import.title')} size="lg">
      <Stack gap="md">
        <Text size="sm">
          {t('admin.orders.import.intro', {
            rows: orderImportLimits.maxRows.toLocaleString('en-US'),
            size: `${orderImportLimits.maxBytes / (1024 * 1024)} MB`,
          })}
        </Text>
        <Group>
          <DownloadButton
            href={importTemplatePath()}
            label={t('admin.orders.import.template')}
            hint={t('admin.orders.import.templateHint')}
          />
        </Group>
        <FileInput
          label={t('admin.orders.import.file')}
          accept=".csv,text/csv"
          clearable
          clearButtonProps={{ 'aria-label': t('admin.orders.import.clearFile') }}
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          value={file}
          disabled={isSending}
          error={missingFile ? t('orders.import.fileRequired') : undefined}
          onChange={(next) => {
            setFile(next)
            setMissingFile(false)
            setStage({ kind: 'idle' })
          }}
        />
        {stage.kind === 'sending' && (
          <Stack gap={4}>
            <Progress
              value={stage.percent}
              animated={stage.percent >= 100}
              aria-label={t('admin.orders.import.progressLabel')}
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {stage.percent < 100
                ? t('admin.orders.import.uploading', { percent: stage.percent })
                : stage.dryRun
                  ? t('admin.orders.import.checking')
                  : t('admin.orders.import.importing')}
            </Text>
          </Stack>
        )}
        {stage.kind === 'failed' && (
          <Alert color="red" role="alert">
            {stage.message}
          </Alert>
        )}
        {stage.kind === 'confirm' && (
          <Alert color="yellow" role="alert" title={t('admin.orders.import.repeatTitle')}>
            <Stack gap="sm">
              <Text size="sm">
                {stage.previous.running
                  ? t('admin.orders.import.runningQuestion', {
                      date: formatDateTime(stage.previous.importedAt),
                    })
                  : t('admin.orders.import.repeatQuestion', {
                      date: formatDateTime(stage.previous.importedAt),
                      count: stage.previous.orders,
                    })}
              </Text>
              <Group gap="sm">
                <Button color="yellow" onClick={() => void send(false, true)}>
                  {t('admin.orders.import.importAgain')}
                </Button>
                <Button variant="default" onClick={() => setStage({ kind: 'idle' })}>
                  {t('actions.cancel')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {stage.kind === 'done' && stage.result.previousImport && (
          <Alert color="yellow" role="status">
            {t('admin.orders.import.previewRepeat', {
              date: formatDateTime(stage.result.previousImport.importedAt),
              count: stage.result.previousImport.orders,
            })}
          </Alert>
        )}
        {isImported && (
          <Text size="sm" c="dimmed">
            {t('admin.orders.import.doneHint')}
          </Text>
        )}
        {stage.kind === 'done' && (
          <ImportResults
            result={stage.result}
            onDownloadFailed={() =>
              saveFile(
                failedRowsFile(t, stage.result),
                `failed-rows-${stage.fileName.replace(/\.csv$/i, '')}.csv`,
              )
            }
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {stage.kind === 'done' && !stage.result.dryRun ? t('actions.close') : t('actions.cancel')}
          </Button>
          {isImported ? (
            <Button
              variant="default"
              onClick={chooseAnother}
              leftSection={<IconFileTypeCsv size={16} aria-hidden />}
            >
              {t('admin.orders.import.chooseAnother')}
            </Button>
          ) : (
            <>
              <Button
                variant="light"
                onClick={() => void send(true)}
                loading={isSending && stage.dryRun}
                disabled={isSending || stage.kind === 'confirm'}
              >
                {t('admin.orders.import.preview')}
              </Button>
              <Button
                onClick={() => void send(false)}
                loading={isSending && !stage.dryRun}
                disabled={isSending || stage.kind === 'confirm'}
              >
                {t('admin.orders.import.submit')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </WideModal>
  )
}

/** What the import did (or, previewed, would do), and the refused rows. */
function ImportResults({
  result,
  onDownloadFailed,
}: {
  result: OrderImportResult
  onDownloadFailed: () => void
}) {
  const { t } = useTranslation()
  const errors = result.errors
  const suffix = errors.length > 0 ? t('admin.orders.import.errorSuffix', { count: errors.length }) : ''
  const summary = result.dryRun
    ? t('admin.orders.import.previewSummary', { count: result.imported, rows: result.rows }) + suffix
    : result.imported > 0
      ? t('admin.orders.import.success', { success: result.imported }) + suffix
      : t('admin.orders.import.noneImported')
  const color = result.imported === 0 ? 'red' : errors.length > 0 ? 'yellow' : 'green'
  const more = errors.length - ERRORS_SHOWN
  return (
    <Alert
      color={color}
      role="status"
      title={result.dryRun ? t('admin.orders.import.previewTitle') : undefined}
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {summary}
        </Text>
        {errors.length > 0 && (
          <>
            <List size="sm" spacing={2}>
              {errors.slice(0, ERRORS_SHOWN).map((error) => (
                <List.Item key={error.row}>{rowErrorText(t, error)}</List.Item>
              ))}
            </List>
            {more > 0 && <Text size="sm">{t('admin.orders.import.moreErrors', { count: more })}</Text>}
            <Group>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={onDownloadFailed}
              >
                {t('admin.orders.import.downloadFailed', { count: errors.length })}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Alert>
  )
}
