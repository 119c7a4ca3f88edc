/**
 * Reading the files the screens hand out (a CSV export, a ZIP of pictures) the way another program would:
 * from their bytes, with no library that might forgive what a spreadsheet or an unzip tool would not.
 */

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks; records end with CRLF. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let isQuoted = false
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!
    if (isQuoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i += 1
      } else if (char === '"') isQuoted = false
      else field += char
    } else if (char === '"') isQuoted = true
    else if (char === ',') {
      record.push(field)
      field = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      i += 1
    } else field += char
  }
  if (isQuoted) throw new Error('The CSV ends inside a quoted field')
  if (record.length > 0 || field !== '') throw new Error('The last CSV record does not end with CRLF')
  return records
}

export type ZipEntry = { name: string; method: number; size: number; data: Buffer }

const END_OF_CENTRAL_DIRECTORY = 0x06054b50
const CENTRAL_FILE_HEADER = 0x02014b50
const LOCAL_FILE_HEADER = 0x04034b50

/**
 * The entries of a ZIP archive as its central directory lists them (PKWARE APPNOTE: the end record, then one
 * central header per file), each with its bytes when stored uncompressed. No zip64, no multi-disk archives.
 */
export function readZip(archive: Buffer): ZipEntry[] {
  // The end record is 22 bytes plus a comment of at most 65535: search backwards for its signature.
  let end = -1
  for (let at = archive.length - 22; at >= Math.max(0, archive.length - 22 - 0xffff); at -= 1) {
    if (archive.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at
      break
    }
  }
  if (end < 0) throw new Error('Not a ZIP archive: no end-of-central-directory record')
  const count = archive.readUInt16LE(end + 10)
  const directorySize = archive.readUInt32LE(end + 12)
  let at = archive.readUInt32LE(end + 16)
  if (at + directorySize !== end)
    throw new Error('The central directory does not end where the end record starts')

  const entries: ZipEntry[] = []
  for (let index = 0; index < count; index += 1) {
    if (archive.readUInt32LE(at) !== CENTRAL_FILE_HEADER)
      throw new Error(`Central directory entry ${index + 1} has a wrong signature`)
    const method = archive.readUInt16LE(at + 10)
    const compressedSize = archive.readUInt32LE(at + 20)
    const size = archive.readUInt32LE(at + 24)
    const nameLength = archive.readUInt16LE(at + 28)
    const extraLength = archive.readUInt16LE(at + 30)
    const commentLength = archive.readUInt16LE(at + 32)
    const localAt = archive.readUInt32LE(at + 42)
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength)

    if (archive.readUInt32LE(localAt) !== LOCAL_FILE_HEADER)
      throw new Error(`${name}: its local header is not where the central directory says`)
    const dataAt = localAt + 30 + archive.readUInt16LE(localAt + 26) + archive.readUInt16LE(localAt + 28)
    entries.push({ name, method, size, data: archive.subarray(dataAt, dataAt + compressedSize) })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** What kind of picture these bytes are, from their signature: the extension a file of them should carry. */
export function pictureExtension(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return '.png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return '.jpg'
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return '.webp'
  if (bytes.toString('latin1', 0, 4) === 'GIF8') return '.gif'
  return null
}
