import { errorBody } from '../../shared/errors'
import {
  UPLOAD_URL,
  uploadResponse,
  type UploadPurpose,
  type UploadResponse,
} from '../../shared/schemas/upload'
import type { z } from 'zod'
import { languageHeader } from '../../shared/constants'
import { i18next } from '../i18n'
import { ApiError } from './client'

export type { UploadPurpose }
/** What the server answers for a stored upload (src/shared/schemas/upload.ts). */
export type UploadedFile = UploadResponse

/**
 * Posts a form with progress (fetch cannot report upload progress, XMLHttpRequest can) and reads the answer
 * with `answer` (a 2xx JSON body of the expected shape). Rejects with ApiError carrying the server's message
 * key, or `failedKey` when the answer cannot be read.
 */
export function postFormWithProgress<T>(
  url: string,
  form: FormData,
  options: {
    answer: z.ZodType<T>
    failedKey: string
    onProgress?: (percent: number) => void
    signal?: AbortSignal
  },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.responseType = 'json'
    request.setRequestHeader(languageHeader, i18next.resolvedLanguage ?? i18next.language)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100))
    }
    request.onload = () => {
      const answer =
        request.status >= 200 && request.status < 300 ? options.answer.safeParse(request.response) : undefined
      if (answer?.success) return resolve(answer.data)
      const parsed = errorBody.safeParse(request.response)
      reject(
        parsed.success
          ? new ApiError(request.status, parsed.data.error)
          : new ApiError(request.status, { code: 'INTERNAL', messageKey: options.failedKey }),
      )
    }
    request.onerror = () => reject(new ApiError(0, { code: 'NETWORK', messageKey: 'errors.network' }))
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'))
    options.signal?.addEventListener('abort', () => request.abort(), { once: true })
    request.send(form)
  })
}

/** Uploads one file with progress; rejects with ApiError carrying the server's message key. */
export function uploadFile(
  purpose: UploadPurpose,
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  const form = new FormData()
  form.append('purpose', purpose)
  form.append('file', file)
  return postFormWithProgress(UPLOAD_URL, form, {
    answer: uploadResponse,
    failedKey: 'uploads.failed',
    onProgress,
    signal,
  })
}
