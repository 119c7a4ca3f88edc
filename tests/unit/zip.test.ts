import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { crc32, zipStream, type ZipEntry } from '../../src/server/lib/zip'
import { readZip } from '../fixtures/read-files'

const collect = async (stream: ReadableStream<Uint8Array>) =>
  Buffer.from(await new Response(stream).arrayBuffer())

const entry = (name: string, bytes: Uint8Array | null): ZipEntry => ({ name, read: async () => bytes })

describe('crc32', () => {
  it('gives the standard check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926)
    expect(crc32(new Uint8Array())).toBe(0)
  })
})

describe('zipStream', () => {
  it('writes stored entries whose names, bytes and CRCs read back', async () => {
    const files = [
      { name: 'agaseke-basket-0a1b2c3d-1.webp', bytes: randomBytes(70_000) },
      { name: 'igitenge-9f8e7d6c-2.jpg', bytes: randomBytes(3) },
      { name: 'empty.png', bytes: Buffer.alloc(0) },
      { name: 'umutako-ñ.gif', bytes: Buffer.from('GIF89a') },
    ]
    const zip = await collect(zipStream(files.map((file) => entry(file.name, file.bytes))))
    const parsed = readZip(zip)
    expect(parsed.map((item) => item.name)).toEqual(files.map((file) => file.name))
    parsed.forEach((item, index) => {
      const original = files[index]!.bytes
      expect(item.method).toBe(0)
      expect(item.size).toBe(original.length)
      expect(item.data.equals(original)).toBe(true)
      expect(item.crc).toBe(crc32(original))
    })
    // The data descriptor after each file repeats its CRC and sizes (flag bit 3).
    const first = zip.indexOf(Buffer.from([0x50, 0x4b, 0x07, 0x08]))
    expect(zip.readUInt32LE(first + 4)).toBe(crc32(files[0]!.bytes))
    expect(zip.readUInt32LE(first + 8)).toBe(files[0]!.bytes.length)
  })

  it('leaves out an entry whose file is gone and writes a valid empty archive', async () => {
    const zip = await collect(zipStream([entry('gone.webp', null), entry('kept.webp', Buffer.from('x'))]))
    expect(readZip(zip).map((item) => item.name)).toEqual(['kept.webp'])
    expect(readZip(await collect(zipStream([])))).toEqual([])
  })

  it('reads each file only when the reader gets to it', async () => {
    const reads: string[] = []
    const lazy = (name: string): ZipEntry => ({
      name,
      read: async () => {
        reads.push(name)
        return Buffer.from(name)
      },
    })
    const reader = zipStream([lazy('a'), lazy('b'), lazy('c')]).getReader()
    await reader.read()
    // At most one file ahead of the reader (the stream's queue holds one chunk), never all of them.
    expect(reads).not.toContain('c')
    await reader.cancel()
  })
})
