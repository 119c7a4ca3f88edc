/**
 * A readable API reference rendered on the server from the OpenAPI document: no script, no CDN, so it
 * works on a closed network and on a slow phone.
 */
type Schema = {
  type?: string
  properties?: Record<string, Schema>
  required?: string[]
  enum?: unknown[]
  items?: Schema
  format?: string
  minLength?: number
  maxLength?: number
  anyOf?: Schema[]
  const?: unknown
}
type Operation = {
  summary?: string
  tags?: string[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
  parameters?: { name: string; in: string; required?: boolean }[]
  responses?: Record<string, { description?: string }>
}
type Document = {
  info: { title: string; version: string; description?: string }
  paths: Record<string, Record<string, Operation>>
}

const escape = (value: string) =>
  value.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!)

function describe(schema: Schema | undefined, depth = 0): string {
  if (!schema) return ''
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ')
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (schema.anyOf) return schema.anyOf.map((s) => describe(s, depth)).join(' | ')
  if (schema.type === 'array') return `${describe(schema.items, depth)}[]`
  if (schema.type === 'object' && schema.properties && depth < 3) {
    const rows = Object.entries(schema.properties).map(([name, prop]) => {
      const required = schema.required?.includes(name) ? '' : '?'
      const limits = [
        prop.minLength !== undefined ? `min ${prop.minLength}` : '',
        prop.maxLength !== undefined ? `max ${prop.maxLength}` : '',
      ]
        .filter(Boolean)
        .join(', ')
      return `<li><code>${escape(name)}${required}</code>: ${escape(describe(prop, depth + 1))}${limits ? ` <small>(${limits})</small>` : ''}</li>`
    })
    return `<ul>${rows.join('')}</ul>`
  }
  return escape(schema.format ?? schema.type ?? 'any')
}

export function renderApiDocs(doc: Document): string {
  const sections = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const body = op.requestBody?.content?.['application/json']?.schema
      const responses = Object.entries(op.responses ?? {})
        .map(([status, r]) => `<li><code>${status}</code> ${escape(r.description ?? '')}</li>`)
        .join('')
      return `<section><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p>${escape(op.summary ?? '')}</p>${body ? `<h4>Body</h4>${describe(body)}` : ''}<h4>Responses</h4><ul>${responses}</ul></section>`
    }),
  )
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(doc.info.title)} API reference</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:16px;color:#1a1b1e}section{border-top:1px solid #ddd;padding:8px 0}
h3{font-size:16px;margin:8px 0}.m{display:inline-block;min-width:56px;padding:2px 6px;border-radius:4px;color:#fff;font-size:12px;text-align:center}
.get{background:#2f9e44}.post{background:#1971c2}.patch,.put{background:#e8590c}.delete{background:#c92a2a}code{font-size:14px}h4{margin:6px 0 2px;font-size:13px;color:#555}</style></head>
<body><h1>${escape(doc.info.title)} API <small>${escape(doc.info.version)}</small></h1>
<p>${escape(doc.info.description ?? '')}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p>
${sections.join('\n')}</body></html>`
}
