import { AsyncLocalStorage } from 'node:async_hooks'
import { describe, expect, it } from 'vitest'
import { csvStream } from '../../src/server/lib/csv'

/**
 * A CSV export is read batch by batch as the download is taken, after the handler has answered: each batch still
 * runs in the request's async context, where the first did (read replicas choose by it: src/server/db/replicas.ts).
 */
describe('csvStream', () => {
  it('reads every batch in the async context of the request that started the export', async () => {
    const request = new AsyncLocalStorage<string>()
    const seen: (string | undefined)[] = []
    async function* batches() {
      for (let batch = 1; batch <= 3; batch += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1))
        seen.push(request.getStore())
        yield [[`row ${batch}`]]
      }
    }
    const body = await request.run('the export request', () => csvStream(['name'], batches(), () => {}))
    // Taken by the reader outside the request's context, as the HTTP server takes an answer's body.
    const text = await new Response(body).text()
    // (Decoding as UTF-8 takes the byte order mark off the header.)
    expect(text.split('\r\n').filter(Boolean)).toEqual(['name', 'row 1', 'row 2', 'row 3'])
    expect(seen).toEqual(['the export request', 'the export request', 'the export request'])
  })
})
