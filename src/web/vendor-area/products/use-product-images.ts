import { useCallback, useEffect, useRef, useState } from 'react'
import { limits } from '../../../shared/constants'
import type { ProductDto } from '../../../shared/schemas/product'
import { acceptAttribute, fileIdFromUrl, uploadRefusal } from '../../../shared/schemas/upload'
import { ApiError } from '../../api/client'
import { uploadFile } from '../../api/uploads'

/** Why a file was refused, kept as a message key so it follows a change of language. */
export type ImageReason = { messageKey: string; params?: Record<string, string | number> }

/** One picture of the product: stored, or a file picked here on its way (new, or replacing a stored one). */
export type ImageItem = {
  key: string
  /** The stored file: the saved product's, or what an upload here returned. */
  stored: { id: string; url: string; thumbUrl: string | null } | null
  /** A picked file not yet stored; while it is here, it is what the tile shows and what Save waits on. */
  file: File | null
  /** Object URL of `file` (or of the last file stored here), so the picture shows before the server has it. */
  previewUrl: string | null
  status: 'stored' | 'queued' | 'uploading' | 'failed'
  progress: number
  reason?: ImageReason
}

export type Refusal = { name: string; reason: ImageReason }

export const imageAccept = acceptAttribute('product_image')

let sequence = 0
const nextKey = () => `image-${++sequence}`

const reasonOf = (failure: unknown): ImageReason =>
  failure instanceof ApiError
    ? { messageKey: failure.messageKey, params: failure.params }
    : { messageKey: 'uploads.failed' }

/** A file the server would refuse anyway (size, type) is refused here before it travels. */
const refusalOf = (file: File): ImageReason | null => uploadRefusal('product_image', file)

function fromProduct(product: ProductDto | null): ImageItem[] {
  if (!product) return []
  return product.images.map((image) => {
    const id = fileIdFromUrl(image.url)
    return {
      key: nextKey(),
      // An address that holds no file id cannot be sent back; the tile then shows as failed and Save says so.
      stored: id ? { id, url: image.url, thumbUrl: image.thumbUrl } : null,
      file: null,
      previewUrl: id ? null : image.url,
      status: id ? 'stored' : 'failed',
      progress: 0,
      reason: id ? undefined : { messageKey: 'uploads.notFound' },
    }
  })
}

/**
 * The product's pictures: picked files upload at once, one after another, each with its progress; they can be
 * reordered, replaced and removed. Save waits for them (`settle`): any that still fails stops the save.
 */
export function useProductImages(product: ProductDto | null) {
  const [items, setItems] = useState<ImageItem[]>(() => fromProduct(product))
  // The upload loop outlives renders: it reads the latest list through this ref.
  const itemsRef = useRef(items)
  const commit = useCallback((update: (current: ImageItem[]) => ImageItem[]) => {
    itemsRef.current = update(itemsRef.current)
    setItems(itemsRef.current)
  }, [])
  const patch = useCallback(
    (key: string, change: Partial<ImageItem>) =>
      commit((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [commit],
  )

  const previewUrls = useRef(new Set<string>())
  const controller = useRef<AbortController | null>(null)
  const queue = useRef<string[]>([])
  const running = useRef<Promise<void> | null>(null)
  const [isUploading, setIsUploading] = useState(false)
  const [uploadedKeys, setUploadedKeys] = useState<string[]>([])

  useEffect(() => {
    const urls = previewUrls.current
    return () => {
      // Closing the dialog cancels what is in flight and frees the previews; nothing half-attached survives it.
      controller.current?.abort()
      controller.current = null
      queue.current = []
      running.current = null
      for (const url of urls) URL.revokeObjectURL(url)
      urls.clear()
    }
  }, [])

  const drain = useCallback((): Promise<void> => {
    if (running.current) return running.current
    const signal = (controller.current ??= new AbortController()).signal
    setIsUploading(true)
    running.current = (async () => {
      // One at a time: on a slow mobile line one picture finishes instead of six crawling together.
      for (let key = queue.current.shift(); key; key = queue.current.shift()) {
        const item = itemsRef.current.find((entry) => entry.key === key)
        if (!item?.file || item.status !== 'queued') continue
        const file = item.file
        patch(key, { status: 'uploading', progress: 0, reason: undefined })
        try {
          const stored = await uploadFile(
            'product_image',
            file,
            (progress) => patch(key, { progress }),
            signal,
          )
          // Replaced or removed meanwhile: this upload is no longer what the tile holds.
          if (itemsRef.current.find((entry) => entry.key === key)?.file !== file) continue
          patch(key, {
            stored: { id: stored.id, url: stored.url, thumbUrl: stored.thumbUrl },
            file: null,
            status: 'stored',
            progress: 100,
          })
          setUploadedKeys((current) => [...current, key])
        } catch (failure) {
          if (signal.aborted) return
          if (itemsRef.current.find((entry) => entry.key === key)?.file === file) {
            patch(key, { status: 'failed', reason: reasonOf(failure) })
          }
        }
      }
    })().finally(() => {
      if (signal.aborted) return
      running.current = null
      setIsUploading(false)
    })
    return running.current
  }, [patch])

  const preview = (file: File) => {
    const url = URL.createObjectURL(file)
    previewUrls.current.add(url)
    return url
  }

  /** Adds picked files. Returns the refused ones, or 'tooMany' when they would pass the 6-image limit. */
  const add = (files: File[]): { refused: Refusal[]; tooMany: boolean; added: number } => {
    if (itemsRef.current.length + files.length > limits.maxProductImages)
      return { refused: [], tooMany: true, added: 0 }
    const refused: Refusal[] = []
    const added: ImageItem[] = []
    for (const file of files) {
      const reason = refusalOf(file)
      if (reason) refused.push({ name: file.name, reason })
      else
        added.push({
          key: nextKey(),
          stored: null,
          file,
          previewUrl: preview(file),
          status: 'queued',
          progress: 0,
        })
    }
    if (added.length) {
      commit((current) => [...current, ...added])
      queue.current.push(...added.map((item) => item.key))
      void drain()
    }
    return { refused, tooMany: false, added: added.length }
  }

  /** Puts a new file in a picture's place; the stored one stays until the new one is stored. */
  const replace = (key: string, file: File): Refusal | null => {
    const reason = refusalOf(file)
    if (reason) return { name: file.name, reason }
    patch(key, { file, previewUrl: preview(file), status: 'queued', progress: 0, reason: undefined })
    queue.current.push(key)
    void drain()
    return null
  }

  const remove = (key: string) => {
    queue.current = queue.current.filter((queued) => queued !== key)
    commit((current) => current.filter((item) => item.key !== key))
  }

  const move = (key: string, offset: -1 | 1) =>
    commit((current) => {
      const from = current.findIndex((item) => item.key === key)
      const to = from + offset
      if (from < 0 || to < 0 || to >= current.length) return current
      const next = [...current]
      ;[next[from], next[to]] = [next[to]!, next[from]!]
      return next
    })

  const retry = (key: string) => {
    const item = itemsRef.current.find((entry) => entry.key === key)
    if (!item?.file) return
    patch(key, { status: 'queued', progress: 0, reason: undefined })
    queue.current.push(key)
    void drain()
  }

  /**
   * Before saving: retries what failed, waits for every upload, and answers the stored ids in display order, or
   * null when any picture could not be stored (spec: any upload failure stops the flow).
   */
  const settle = async (): Promise<string[] | null> => {
    for (const item of itemsRef.current) if (item.status === 'failed' && item.file) retry(item.key)
    if (running.current) await running.current
    const current = itemsRef.current
    if (current.some((item) => item.status !== 'stored' || !item.stored)) return null
    return current.map((item) => item.stored!.id)
  }

  return { items, isUploading, uploadedKeys, add, replace, remove, move, retry, settle }
}

export type ProductImages = ReturnType<typeof useProductImages>
