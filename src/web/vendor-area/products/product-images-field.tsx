import { useEffect, useId, useRef, useState } from 'react'
import { Badge, FileButton, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core'
import {
  IconArrowLeft,
  IconArrowRight,
  IconPhotoPlus,
  IconPhotoX,
  IconRefresh,
  IconReplace,
  IconTrash,
} from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { limits } from '../../../shared/constants'
import { acceptedTypesText, uploadMaxMb } from '../../../shared/schemas/upload'
import { messageText } from '../../i18n/keys'
import {
  imageAccept,
  type ImageItem,
  type ImageReason,
  type ProductImages,
  type Refusal,
} from './use-product-images'
import classes from './products.module.css'
import { useFileDrop } from '../../components/use-file-drop'
import { UploadProgress } from '../../components/upload-progress'
import { IconButton } from '../../components/icon-button'

type Action = 'left' | 'right' | 'replace' | 'remove' | 'retry'

/**
 * The product's pictures as tiles in display order (the first is the cover): add up to 6, move each earlier or
 * later with buttons (keyboard and screen reader friendly, unlike drag and drop), replace, remove, retry.
 * What happens is said in a live region; focus stays with the picture that moved.
 */
export function ProductImagesField({
  images,
  disabled = false,
  error,
}: {
  images: ProductImages
  disabled?: boolean
  error?: string
}) {
  const { t } = useTranslation()
  const id = useId()
  const labelId = `${id}-label`
  const hintId = `${id}-hint`
  const noticeId = `${id}-notice`
  const listRef = useRef<HTMLUListElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  // A refusal of a pick: news, said once as an alert and left in view until the next action.
  const [notice, setNotice] = useState<string[] | null>(null)
  // Polite news (moved, removed, added, uploaded); the sequence re-announces the same words said twice.
  const [announcement, setAnnouncement] = useState({ text: '', sequence: 0 })
  const [focusTarget, setFocusTarget] = useState<{ key: string | null; action: Action } | null>(null)

  const { items } = images
  const total = items.length
  const isFull = total >= limits.maxProductImages
  const say = (text: string) => setAnnouncement((current) => ({ text, sequence: current.sequence + 1 }))
  const reasonText = (reason: ImageReason) =>
    messageText(t, reason.messageKey, { ...reason.params, defaultValue: t('uploads.failed') })

  // After a move or removal the pressed button has gone or changed place: focus follows the picture (or the
  // next one, or the Add tile), never the top of the dialog.
  useEffect(() => {
    if (!focusTarget) return
    setFocusTarget(null)
    if (focusTarget.key === null) return inputRef.current?.focus()
    const tile = listRef.current?.querySelector<HTMLElement>(`[data-key="${focusTarget.key}"]`)
    const pick = (action: Action) =>
      tile?.querySelector<HTMLButtonElement>(`[data-action="${action}"]:not(:disabled)`)
    const opposite: Record<Action, Action> = {
      left: 'right',
      right: 'left',
      replace: 'remove',
      remove: 'replace',
      retry: 'remove',
    }
    ;(pick(focusTarget.action) ?? pick(opposite[focusTarget.action]) ?? inputRef.current)?.focus()
  }, [focusTarget, items])

  // A finished upload is worth a word: the tile's progress bar is silent.
  const uploadedCount = images.uploadedKeys.length
  const lastUploaded = images.uploadedKeys[uploadedCount - 1]
  useEffect(() => {
    if (!lastUploaded) return
    const position = itemsPosition(images.items, lastUploaded)
    if (position > 0) say(t('vendor.products.images.uploaded', { position }))
    // Only a new upload announces; reordering afterwards does not repeat it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uploadedCount])

  const refusalLines = (refused: Refusal[]) =>
    refused.map((item) =>
      t('vendor.products.images.refused', { name: item.name, reason: reasonText(item.reason) }),
    )

  const addFiles = (files: File[]) => {
    if (disabled || files.length === 0) return
    const result = images.add(files)
    if (result.tooMany) return setNotice([t('products.tooManyImages')])
    setNotice(result.refused.length ? refusalLines(result.refused) : null)
    if (result.added) say(t('vendor.products.images.added', { count: result.added }))
  }

  const { onPick, zoneProps } = useFileDrop(addFiles, disabled || isFull)

  const move = (item: ImageItem, offset: -1 | 1) => {
    const position = itemsPosition(items, item.key) + offset
    images.move(item.key, offset)
    setNotice(null)
    setFocusTarget({ key: item.key, action: offset < 0 ? 'left' : 'right' })
    say(t('vendor.products.images.moved', { position, total }))
  }
  const remove = (item: ImageItem) => {
    const index = items.findIndex((entry) => entry.key === item.key)
    const neighbour = items[index + 1] ?? items[index - 1]
    images.remove(item.key)
    setNotice(null)
    setFocusTarget({ key: neighbour?.key ?? null, action: 'remove' })
    say(t('vendor.products.images.removed', { count: total - 1 }))
  }
  const replace = (item: ImageItem, file: File | null) => {
    if (!file) return
    const refusal = images.replace(item.key, file)
    setNotice(refusal ? refusalLines([refusal]) : null)
  }

  const shownNotice = notice ?? (error ? [error] : null)
  const describedBy = [hintId, shownNotice ? noticeId : null].filter(Boolean).join(' ')

  return (
    <Stack gap={6}>
      <div>
        <Text id={labelId} fw={500} size="sm">
          {t('vendor.products.images.label')}
        </Text>
        <Text id={hintId} size="xs" c="dimmed">
          {t('vendor.products.images.hint', { types: acceptedTypesText('product_image'), size: uploadMaxMb })}
        </Text>
      </div>

      <ul ref={listRef} className={classes.imageGrid} aria-label={t('vendor.products.images.listLabel')}>
        {items.map((item, index) => (
          <ImageTile
            key={item.key}
            item={item}
            position={index + 1}
            total={total}
            isUploaded={images.uploadedKeys.includes(item.key)}
            disabled={disabled}
            onMove={(offset) => move(item, offset)}
            onRemove={() => remove(item)}
            onReplace={(file) => replace(item, file)}
            onRetry={() => images.retry(item.key)}
            reasonText={reasonText}
          />
        ))}
        {!isFull && (
          <li>
            <label className={classes.addTile} {...zoneProps} data-disabled={disabled || undefined}>
              <input
                ref={inputRef}
                className={classes.fileInput}
                type="file"
                accept={imageAccept}
                multiple
                disabled={disabled}
                aria-labelledby={`${id}-add ${labelId}`}
                aria-describedby={describedBy}
                aria-invalid={shownNotice ? true : undefined}
                onChange={onPick}
              />
              <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
                <IconPhotoPlus size={20} />
              </ThemeIcon>
              <Text size="sm" fw={600} id={`${id}-add`}>
                {t('vendor.products.images.add')}
              </Text>
              <Text size="xs" c="dimmed" aria-hidden>
                {total} / {limits.maxProductImages}
              </Text>
            </label>
          </li>
        )}
      </ul>

      {shownNotice && (
        <div id={noticeId} role={notice ? 'alert' : undefined}>
          {shownNotice.map((line) => (
            <Text key={line} size="sm" c="red.9">
              {line}
            </Text>
          ))}
        </div>
      )}

      <VisuallyHidden aria-live="polite" aria-atomic>
        <span key={announcement.sequence}>{announcement.text}</span>
      </VisuallyHidden>
    </Stack>
  )
}

const itemsPosition = (items: ImageItem[], key: string) => items.findIndex((item) => item.key === key) + 1

function ImageTile({
  item,
  position,
  total,
  isUploaded,
  disabled,
  onMove,
  onRemove,
  onReplace,
  onRetry,
  reasonText,
}: {
  item: ImageItem
  position: number
  total: number
  isUploaded: boolean
  disabled: boolean
  onMove: (offset: -1 | 1) => void
  onRemove: () => void
  onReplace: (file: File | null) => void
  onRetry: () => void
  reasonText: (reason: ImageReason) => string
}) {
  const { t } = useTranslation()
  const [hasBrokenImage, setHasBrokenImage] = useState(false)
  const source = item.previewUrl ?? item.stored?.thumbUrl ?? item.stored?.url ?? null
  const isBusy = item.status === 'queued' || item.status === 'uploading'
  const isFailed = item.status === 'failed'
  const canRetry = isFailed && item.file !== null

  return (
    <li data-key={item.key} className={classes.tile} data-failed={isFailed || undefined}>
      <div className={classes.frame}>
        {source && !hasBrokenImage ? (
          <img
            src={source}
            alt={t('vendor.products.images.alt', { position, total })}
            className={classes.frameImage}
            width={300}
            height={300}
            onError={() => setHasBrokenImage(true)}
          />
        ) : (
          <Stack h="100%" align="center" justify="center" gap={4}>
            <IconPhotoX size={28} aria-hidden />
            <VisuallyHidden>{t('vendor.products.images.alt', { position, total })}</VisuallyHidden>
          </Stack>
        )}
        {position === 1 && (
          <Badge className={classes.frameBadge} variant="filled" color="dark" size="sm">
            {t('vendor.products.images.cover')}
          </Badge>
        )}
        {(isBusy || isFailed || isUploaded) && (
          <div className={classes.frameStatus}>
            {(item.status === 'queued' || item.status === 'uploading') && (
              <UploadProgress
                status={item.status}
                progress={item.progress}
                name={t('vendor.products.images.alt', { position, total })}
              />
            )}
            {isFailed && (
              <>
                <Text size="xs" fw={600} c="red.9">
                  {t('uploads.status.failed')}
                </Text>
                {item.reason && (
                  <Text size="xs" c="red.9" lineClamp={3}>
                    {reasonText(item.reason)}
                  </Text>
                )}
              </>
            )}
            {!isBusy && !isFailed && isUploaded && (
              <Text size="xs" c="teal.9" fw={500}>
                {t('uploads.status.success')}
              </Text>
            )}
          </div>
        )}
      </div>
      <div className={classes.tileActions}>
        <TileAction
          action="left"
          position={position}
          disabled={disabled || position === 1}
          onClick={() => onMove(-1)}
        />
        <TileAction
          action="right"
          position={position}
          disabled={disabled || position === total}
          onClick={() => onMove(1)}
        />
        {canRetry ? (
          <TileAction action="retry" position={position} disabled={disabled} onClick={onRetry} />
        ) : (
          <FileButton onChange={onReplace} accept={imageAccept} disabled={disabled || isBusy}>
            {(props) => (
              <TileAction {...props} action="replace" position={position} disabled={disabled || isBusy} />
            )}
          </FileButton>
        )}
        <TileAction action="remove" position={position} disabled={disabled} onClick={onRemove} />
      </div>
    </li>
  )
}

/** Each tile button's name (with the picture's position), colour and icon. */
const tileActions = {
  left: { label: 'vendor.products.images.moveLeft', color: 'gray.8', Icon: IconArrowLeft },
  right: { label: 'vendor.products.images.moveRight', color: 'gray.8', Icon: IconArrowRight },
  retry: { label: 'vendor.products.images.retry', color: 'cyan.9', Icon: IconRefresh },
  replace: { label: 'vendor.products.images.replace', color: 'cyan.9', Icon: IconReplace },
  remove: { label: 'vendor.products.images.remove', color: 'red.9', Icon: IconTrash },
} as const satisfies Record<Action, unknown>

/**
 * One of a tile's buttons, named (and titled, for a mouse) by what it does to which picture. `data-action` lets
 * focus find the same button again after the tiles have moved.
 */
function TileAction({
  action,
  position,
  disabled,
  onClick,
}: {
  action: Action
  position: number
  disabled: boolean
  onClick: () => void
}) {
  const { t } = useTranslation()
  const { label, color, Icon } = tileActions[action]
  return (
    <IconButton
      variant="subtle"
      color={color}
      label={t(label, { position })}
      title={t(label, { position })}
      icon={Icon}
      data-action={action}
      disabled={disabled}
      onClick={onClick}
    />
  )
}
