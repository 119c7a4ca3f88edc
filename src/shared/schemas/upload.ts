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

export const uploadMaxMb = limits.uploadMaxBytes / (1024 * 1024)

/**
 * The types Isoko takes, by the name people know them by (the same in every language), the content types the
 * server reads from a file's bytes, and the extensions a file picker offers. Images go everywhere, PDF only with
 * documents ("government ID accepts images or pdf"). The server checks the bytes against this list
 * (uploads/file-processing.ts); the screens check the browser's type (or, when it gives none, the name's
 * extension) against it before a file travels, and both name it in the refusal.
 */
export const fileTypes = [
  { name: 'JPEG', contentTypes: ['image/jpeg'], extensions: ['jpg', 'jpeg'], isDocument: false },
  // An animated PNG is a PNG; some browsers label it image/apng.
  { name: 'PNG', contentTypes: ['image/png', 'image/apng'], extensions: ['png', 'apng'], isDocument: false },
  { name: 'WebP', contentTypes: ['image/webp'], extensions: ['webp'], isDocument: false },
  { name: 'GIF', contentTypes: ['image/gif'], extensions: ['gif'], isDocument: false },
  { name: 'PDF', contentTypes: ['application/pdf'], extensions: ['pdf'], isDocument: true },
] as const

export const pdfPurposes: readonly UploadPurpose[] = ['gov_id', 'id_document', 'business_document']
export const acceptsPdf = (purpose: UploadPurpose) => pdfPurposes.includes(purpose)

const typesFor = (purpose: UploadPurpose) =>
  fileTypes.filter((type) => !type.isDocument || acceptsPdf(purpose))

/** The content types a purpose takes. */
export const acceptedContentTypes = (purpose: UploadPurpose): string[] =>
  typesFor(purpose).flatMap((type) => [...type.contentTypes])

/** The `accept` list of a file input: the content types, and the extensions for browsers that go by those. */
export const acceptAttribute = (purpose: UploadPurpose): string =>
  typesFor(purpose)
    .flatMap((type) => [...type.contentTypes, ...type.extensions.map((extension) => `.${extension}`)])
    .join(',')

/** The accepted types as a person knows them ('JPEG, PNG, WebP, GIF, PDF'), for hints and refusals. */
export const acceptedTypesText = (purpose: UploadPurpose) =>
  typesFor(purpose)
    .map((type) => type.name)
    .join(', ')

/** Why the server would refuse a file: as a message key and its params, for the screens to say it first. */
export type UploadRefusal = { messageKey: string; params: Record<string, string | number> }

export const typeRefusal = (purpose: UploadPurpose): UploadRefusal => ({
  messageKey: 'uploads.typeNotAllowed',
  params: { types: acceptedTypesText(purpose) },
})

/**
 * A picked file the server would refuse for its size or its type, or null. The browser's type is a hint (the
 * server decides from the bytes); when it gives none, the extension of the name stands in for it, so a photo
 * saved as .heic is refused here rather than after it travelled. A file with neither goes to the server to decide.
 */
export function uploadRefusal(
  purpose: UploadPurpose,
  file: { size: number; type: string; name: string },
): UploadRefusal | null {
  if (file.size > limits.uploadMaxBytes) {
    return { messageKey: 'uploads.tooLarge', params: { maxMb: uploadMaxMb } }
  }
  const types = typesFor(purpose)
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? ''
  const isAccepted = file.type
    ? types.some((type) => (type.contentTypes as readonly string[]).includes(file.type))
    : !extension || types.some((type) => (type.extensions as readonly string[]).includes(extension))
  return isAccepted ? null : typeRefusal(purpose)
}

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
