/**
 * A PDF file from its objects (numbered from 1, the first the catalog): the header, the objects, the
 * cross-reference table of their offsets and the trailer. Enough for a small valid document, in the demo's
 * stand-in scans and the tests' sample uploads.
 */
export function pdfFile(objects: string[]): Buffer {
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  for (const object of objects) {
    offsets.push(body.length)
    body += `${object}\n`
  }
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}
