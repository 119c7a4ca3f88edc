import { errorBody } from '../../shared/errors'
import {
  UPLOAD_URL,
  uploadResponse,
  type UploadPurpose,
  type UploadResponse,
} from '../../shared/schemas/upload'
import { ApiError } from './client'

export type { UploadPurpose }
/** What the server answers for a stored upload (src/shared/schemas/upload.ts). */
export type UploadedFile = UploadResponse

/**
 * Uploads one file with progress (fetch cannot report upload progress, XMLHttpRequest can).
 * Rejects with ApiError carrying the server's message key.
 */
export function uploadFile(
  purpose: UploadPurpose,
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', UPLOAD_URL)
    request.responseType = 'json'
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100))
    }
    request.onload = () => {
      const stored = request.status === 201 ? uploadResponse.safeParse(request.response) : undefined
      if (stored?.success) return resolve(stored.data)
      const parsed = errorBody.safeParse(request.response)
      reject(
        parsed.success
          ? new ApiError(request.status, parsed.data.error)
          : new ApiError(request.status, { code: 'INTERNAL', messageKey: 'uploads.failed' }),
      )
    }
    request.onerror = () => reject(new ApiError(0, { code: 'NETWORK', messageKey: 'errors.network' }))
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'))
    signal?.addEventListener('abort', () => request.abort(), { once: true })
    const form = new FormData()
    form.append('purpose', purpose)
    form.append('file', file)
    request.send(form)
  })
}
