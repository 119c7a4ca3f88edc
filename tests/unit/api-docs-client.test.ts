import { describe, expect, it } from 'vitest'
import { answerText, buildRequest, type Built } from '../../src/server/system/api-docs-client.js'

/** The request built, or the test fails saying what the builder refused. */
function built(result: Built) {
  if ('problem' in result) throw new Error(result.problem)
  return result
}

// The "Try it" forms of /api/docs send what the reader filled in, and only to this server's /api paths.
describe('the request a Try it form builds', () => {
  it('puts each path parameter in its place, encoded so it cannot leave its segment', () => {
    const { url, init } = built(
      buildRequest(
        { method: 'get', path: '/api/admin/orders/{id}/items/{item}', body: 'none' },
        { path: { id: ' 1b2c/../x ', item: 'a b?c#d' } },
      ),
    )
    expect(url).toBe('/api/admin/orders/1b2c%2F..%2Fx/items/a%20b%3Fc%23d')
    expect(init.method).toBe('GET')
    expect(init.body).toBeUndefined()
    expect(init.credentials).toBe('same-origin')
    expect(init.redirect).toBe('manual')
  })

  it('refuses an empty path parameter, and one that is a dot segment the URL would climb out by', () => {
    const operation = { method: 'delete', path: '/api/admin/orders/{id}', body: 'none' } as const
    expect(buildRequest(operation, { path: { id: '  ' } })).toEqual({ problem: 'Fill in id.' })
    expect(buildRequest(operation, { path: { id: '..' } })).toEqual({ problem: 'Fill in id.' })
    expect(buildRequest(operation, {})).toEqual({ problem: 'Fill in id.' })
  })

  it('builds the query string from the values filled in, leaving the empty ones out', () => {
    const { url } = built(
      buildRequest(
        { method: 'get', path: '/api/admin/orders', body: 'none' },
        { query: { q: 'Uwase & Co', status: '', pageSize: '5', cursor: '  ' } },
      ),
    )
    expect(url).toBe('/api/admin/orders?q=Uwase+%26+Co&pageSize=5')
  })

  it('sends the body as JSON, with its content type', () => {
    const { init } = built(
      buildRequest(
        { method: 'post', path: '/api/vendor/payouts', body: 'json' },
        { body: '{\n  "amount": 12500\n}' },
      ),
    )
    expect(init.method).toBe('POST')
    expect(init.body).toBe('{"amount":12500}')
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' })
  })

  it('says a body that is not JSON is not, and sends nothing', () => {
    const result = buildRequest(
      { method: 'post', path: '/api/vendor/payouts', body: 'json' },
      { body: '{amount: 1' },
    )
    expect('problem' in result && result.problem).toMatch(/^The body is not JSON/)
  })

  it('sends no body when none is written (the server says what it needs)', () => {
    const { init } = built(
      buildRequest({ method: 'post', path: '/api/account/logout', body: 'json' }, { body: ' ' }),
    )
    expect(init.body).toBeUndefined()
    expect(init.headers).not.toHaveProperty('Content-Type')
  })

  it('sends a multipart form with its file, leaving empty fields out', () => {
    const file = new Blob(['%PDF-1.4'], { type: 'application/pdf' })
    const { init } = built(
      buildRequest(
        { method: 'post', path: '/api/uploads', body: 'multipart' },
        { form: { purpose: 'gov_id', file, note: '' } },
      ),
    )
    const form = init.body as FormData
    expect(form.get('purpose')).toBe('gov_id')
    expect(form.get('file')).toBeInstanceOf(Blob)
    expect(form.has('note')).toBe(false)
    // The browser writes the multipart boundary itself.
    expect(init.headers).not.toHaveProperty('Content-Type')
  })

  it('calls nothing but this server’s /api paths', () => {
    expect(buildRequest({ method: 'get', path: '//evil.example/api/x', body: 'none' }, {})).toHaveProperty(
      'problem',
    )
    expect(
      buildRequest({ method: 'get', path: 'https://evil.example/api', body: 'none' }, {}),
    ).toHaveProperty('problem')
  })
})

describe('the answer a Try it form shows', () => {
  it('indents JSON, and names a file by its type and size', async () => {
    const json = new Response('{"error":{"code":"FORBIDDEN"}}', {
      headers: { 'content-type': 'application/json' },
    })
    expect(await answerText(json)).toBe('{\n  "error": {\n    "code": "FORBIDDEN"\n  }\n}')
    const file = new Response(new Uint8Array(10), { headers: { 'content-type': 'image/webp' } })
    expect(await answerText(file)).toMatch(/^\(10 bytes of image\/webp/)
  })

  it('shows the first bytes of an event stream and closes it, rather than wait for its end', async () => {
    let cancelled = false
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: ready\n\n'))
      },
      cancel() {
        cancelled = true
      },
    })
    const response = new Response(stream, { headers: { 'content-type': 'text/event-stream' } })
    expect(await answerText(response)).toContain('event: ready')
    expect(cancelled).toBe(true)
  })
})
