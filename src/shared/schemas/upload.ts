import { z } from 'zod'
import { limits } from '../constants'

/** What a file is for. It decides who may read it and which types it accepts (specification §5). */
export const uploadPurposes = ['logo', 'gov_id', 'id_document', 'business_document', 'product_image'] as const
export type UploadPurpose = (typeof uploadPurposes)[number]

export const fileVisibilities = ['public', 'private'] as const
export type FileVisibility = (typeof fileVisibilities)[number]

/**
 * Identity and business documents are private (served only to their owner and to admins, README: deliberate divergences);
 * shop logos and product pictures are shown to everyone.
 */
export const purposeVisibility: Record<UploadPurpose, FileVisibility> = {
  logo: 'public',
  product_image: 'public',
  gov_id: 'private',
  id_document: 'private',
  business_document: 'private',
}

/** The document `type` the vendor record keeps beside each file's url and name (specification §3). */
export const purposeDocumentType = {
  logo: 'logo',
  product_image: 'product',
  gov_id: 'government_id',
  id_document: 'government_id',
  business_document: 'business',
} as const satisfies Record<UploadPurpose, string>
export type DocumentType = (typeof purposeDocumentType)[UploadPurpose]

/** Images are accepted everywhere; PDF only for documents ("government ID accepts images or pdf"). */
export const imageContentTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const
export const pdfPurposes: readonly UploadPurpose[] = ['gov_id', 'id_document', 'business_document']
export const acceptsPdf = (purpose: UploadPurpose) => pdfPurposes.includes(purpose)

/** The `accept` list for a file input or dropzone; the server checks the bytes whatever the browser sends. */
export const acceptedContentTypes = (purpose: UploadPurpose): string[] => [
  ...imageContentTypes,
  ...(acceptsPdf(purpose) ? ['application/pdf'] : []),
]

/**
 * The accepted types as a person knows them, for the message refusing any other ('Accepted: JPEG, PNG, …'):
 * format names, the same in every language.
 */
export const acceptedTypesText = (withPdf: boolean) => `JPEG, PNG, WebP, GIF${withPdf ? ', PDF' : ''}`

export const uploadMaxMb = limits.uploadMaxBytes / (1024 * 1024)

/** Every stored file is served by the API, never straight from the store. */
/** Where files are uploaded (multipart, with progress: the browser uses XMLHttpRequest, not the typed client). */
export const UPLOAD_URL = '/api/uploads'

export const fileUrl = (id: string) => `/api/files/${id}`
export const fileThumbUrl = (id: string) => `/api/files/${id}?variant=thumb`

const fileUrlPattern =
  /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\?.*)?$/i

/** The file id inside a url made by fileUrl (null for anything else, such as an external link). */
export const fileIdFromUrl = (url: string): string | null =>
  fileUrlPattern.exec(url)?.[1]?.toLowerCase() ?? null

/** What the vendor record stores per document (specification §3: url, name, type). */
export const fileRef = z.object({ url: z.string(), name: z.string(), type: z.string() })
export type FileRefDto = z.infer<typeof fileRef>

/** The answer to POST /api/uploads. */
export const uploadResponse = z.object({
  id: z.uuid(),
  /** `/api/files/<id>`: the stored version (WebP for images, the PDF as uploaded). */
  url: z.string(),
  /** `/api/files/<id>?variant=thumb`, a small WebP; null for PDFs. */
  thumbUrl: z.string().nullable(),
  /** The sanitised original name, with the extension of the stored type: for display and downloads only. */
  name: z.string(),
  type: z.enum(['logo', 'product', 'government_id', 'business']),
  /** Bytes of the stored version. */
  size: z.number().int().nonnegative(),
  contentType: z.string(),
  purpose: z.enum(uploadPurposes),
})
export type UploadResponse = z.infer<typeof uploadResponse>
