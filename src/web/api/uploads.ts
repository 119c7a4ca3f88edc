import { errorBody } from '../../shared/errors'
import { ApiError } from './client'

export type UploadPurpose = 'logo' | 'gov_id' | 'id_document' | 'business_document' | 'product_image'

export type UploadedFile = {
  id: string
  url: string
  thumbUrl: string | null
  name: string
  type: string
  size: number
  contentType: string
  purpose: UploadPurpose
}

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
    request.open('POST', '/api/uploads')
    request.responseType = 'json'
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100))
    }
    request.onload = () => {
      if (request.status === 201) return resolve(request.response as UploadedFile)
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
