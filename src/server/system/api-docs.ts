/**
 * The API reference at /api/docs, rendered on the server from the OpenAPI document: every operation grouped by
 * tag, with its parameters, body and answers, readable without a script. Each has a "Try it" form that a small
 * same-origin script (api-docs-client.js, at /api/docs/try-it.js) sends with the reader's own session, so role
 * checks apply as in the app. No CDN and no UI library: the page and its script stay a few kilobytes, and work on
 * a closed network and on a phone.
 */
import { readFileSync } from 'node:fs'

type Schema = {
  type?: string
  properties?: Record<string, Schema>
  required?: string[]
  enum?: unknown[]
  items?: Schema
  format?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  anyOf?: Schema[]
  oneOf?: Schema[]
  const?: unknown
  default?: unknown
  description?: string
  $ref?: string
}
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema }
type Operation = {
  operationId?: string
  summary?: string
  description?: string
  tags?: string[]
  security?: Record<string, unknown>[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> }
  parameters?: Parameter[]
  responses?: Record<string, { description?: string }>
}
type Document = {
  info: { title: string; version: string; description?: string }
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, Schema> }
}

/** Where the page's script is served (app.ts). */
export const API_DOCS_SCRIPT_PATH = '/api/docs/try-it.js'

let script: string | undefined
/**
 * The page's script, read once from beside this module (the built server finds the copy scripts/build-server.mjs
 * puts beside its bundle).
 */
export const apiDocsScript = () =>
  (script ??= readFileSync(new URL('./api-docs-client.js', import.meta.url), 'utf8'))

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  )

/** An id a URL fragment and a label's `for` can name: letters, digits and dashes. */
const slug = (value: string) =>
  value
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()

function resolver(doc: Document) {
  return (schema: Schema | undefined): Schema | undefined => {
    const name = schema?.$ref?.replace('#/components/schemas/', '')
    return name ? doc.components?.schemas?.[name] : schema
  }
}

/** A schema's bounds in words: 'min 1, max 120'. */
function limitsOf(schema: Schema) {
  return [
    schema.minLength !== undefined ? `min length ${schema.minLength}` : '',
    schema.maxLength !== undefined ? `max length ${schema.maxLength}` : '',
    schema.minimum !== undefined ? `min ${schema.minimum}` : '',
    schema.exclusiveMinimum !== undefined ? `above ${schema.exclusiveMinimum}` : '',
    schema.maximum !== undefined ? `max ${schema.maximum}` : '',
    schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : '',
  ]
    .filter(Boolean)
    .join(', ')
}

/** A schema as a short type ('"a" | "b"', 'string (uuid)', 'integer') or, for an object, a list of its fields. */
function describe(schema: Schema | undefined, resolve: ReturnType<typeof resolver>, depth = 0): string {
  schema = resolve(schema)
  if (!schema) return ''
  if (schema.enum) return escape(schema.enum.map((value) => JSON.stringify(value)).join(' | '))
  if (schema.const !== undefined) return escape(JSON.stringify(schema.const))
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives) return alternatives.map((s) => describe(s, resolve, depth)).join(' | ')
  if (schema.type === 'array') return `${describe(schema.items, resolve, depth)}[]`
  if (schema.type === 'object' && schema.properties && depth < 3) {
    const rows = Object.entries(schema.properties).map(([name, property]) => {
      const resolved = resolve(property) ?? {}
      const optional = schema!.required?.includes(name) ? '' : '?'
      const limits = limitsOf(resolved)
      const note = resolved.description ? ` — ${escape(resolved.description)}` : ''
      return `<li><code>${escape(name)}${optional}</code>: ${describe(resolved, resolve, depth + 1)}${limits ? ` <small>(${escape(limits)})</small>` : ''}${note}</li>`
    })
    return `<ul>${rows.join('')}</ul>`
  }
  const format = schema.format ? ` (${schema.format})` : ''
  return escape(`${schema.type ?? 'any'}${format}`)
}

/**
 * A starting body for the form: the required fields (all of them, when none is required) with their default, their
 * first allowed value, or an empty value of their type. The reader edits it; nothing is sent until they do.
 */
function skeleton(schema: Schema | undefined, resolve: ReturnType<typeof resolver>, depth = 0): unknown {
  schema = resolve(schema)
  if (!schema) return null
  if (schema.default !== undefined) return schema.default
  if (schema.enum) return schema.enum[0]
  if (schema.const !== undefined) return schema.const
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives) return skeleton(alternatives[0], resolve, depth)
  switch (schema.type) {
    case 'object': {
      if (depth > 3) return {}
      const names = Object.keys(schema.properties ?? {})
      const shown = schema.required?.length ? names.filter((name) => schema!.required!.includes(name)) : names
      return Object.fromEntries(
        shown.map((name) => [name, skeleton(schema!.properties![name], resolve, depth + 1)]),
      )
    }
    case 'array':
      return []
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0)
    case 'boolean':
      return false
    default:
      return ''
  }
}

/** Who may call it, from the operation's security (lib/openapi.ts writes it): none, optional or required. */
function signIn(op: Operation) {
  const security = op.security ?? []
  if (security.length === 0) return 'No sign-in needed.'
  if (security.some((requirement) => Object.keys(requirement).length === 0))
    return 'Sign-in optional: what it answers depends on who asks.'
  const area = op.tags?.[0]?.split(' ')[0]
  if (area === 'Admin') return 'Sign-in required: an admin.'
  if (area === 'Vendor') return 'Sign-in required: a vendor.'
  return 'Sign-in required.'
}

/** One labelled input of the form: a choice for an enum, a file for binary, text otherwise. */
function input(id: string, name: string, place: string, schema: Schema | undefined, required: boolean) {
  const attributes = `id="${id}" name="${escape(name)}" data-in="${place}"${required ? ' required' : ''}`
  if (schema?.format === 'binary') return `<input type="file" ${attributes}>`
  if (schema?.enum) {
    const choices = schema.enum.map((value) => {
      const text = escape(String(value))
      return `<option value="${text}">${text}</option>`
    })
    const empty = required ? '' : '<option value="">(not sent)</option>'
    return `<select ${attributes}>${empty}${choices.join('')}</select>`
  }
  const numeric = schema?.type === 'integer' ? ' inputmode="numeric"' : ''
  return `<input type="text" autocomplete="off" spellcheck="false"${numeric} ${attributes}>`
}

function field(id: string, label: string, note: string, control: string) {
  return `<div class="field"><label for="${id}">${label} <small>${escape(note)}</small></label>${control}</div>`
}

function tryForm(
  method: string,
  path: string,
  op: Operation,
  opId: string,
  resolve: ReturnType<typeof resolver>,
) {
  const fields: string[] = []
  for (const parameter of op.parameters ?? []) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue
    const id = `${opId}-${parameter.in}-${slug(parameter.name)}`
    const required = parameter.required === true
    const note = `${parameter.in}${required ? ', required' : ''}`
    fields.push(
      field(
        id,
        `<code>${escape(parameter.name)}</code>`,
        note,
        input(id, parameter.name, parameter.in, resolve(parameter.schema), required),
      ),
    )
  }
  const content = op.requestBody?.content ?? {}
  const jsonBody = content['application/json']?.schema
  const formBody = resolve(content['multipart/form-data']?.schema)
  let body = ''
  if (jsonBody) {
    const id = `${opId}-body`
    const example = JSON.stringify(skeleton(jsonBody, resolve), null, 2)
    body = `<div class="field"><label for="${id}">Body <small>JSON</small></label><textarea id="${id}" name="body" data-in="body" rows="${Math.min(12, example.split('\n').length + 1)}" spellcheck="false">${escape(example)}</textarea></div>`
  } else if (formBody?.properties) {
    body = Object.entries(formBody.properties)
      .map(([name, schema]) => {
        const id = `${opId}-form-${slug(name)}`
        const required = formBody.required?.includes(name) ?? false
        return field(
          id,
          `<code>${escape(name)}</code>`,
          `form field${required ? ', required' : ''}`,
          input(id, name, 'form', resolve(schema), required),
        )
      })
      .join('')
  }
  const kind = jsonBody ? 'json' : formBody ? 'multipart' : 'none'
  return `<form class="try" data-method="${method}" data-path="${escape(path)}" data-body="${kind}" novalidate>
<h3>Try it</h3>${fields.join('')}${body}
<button type="submit">Send ${method.toUpperCase()}</button>
<p class="outcome" role="status" aria-live="polite"></p><pre class="answer" tabindex="0" hidden></pre></form>`
}

function operationHtml(method: string, path: string, op: Operation, resolve: ReturnType<typeof resolver>) {
  const opId = slug(op.operationId ?? `${method}-${path}`)
  const parameters = (op.parameters ?? []).map((parameter) => {
    const schema = resolve(parameter.schema)
    const limits = schema ? limitsOf(schema) : ''
    const note = parameter.description ?? schema?.description
    return `<li><code>${escape(parameter.name)}</code> <small>(${parameter.in}${parameter.required ? ', required' : ''})</small>: ${describe(schema, resolve, 1)}${limits ? ` <small>(${escape(limits)})</small>` : ''}${note ? ` — ${escape(note)}` : ''}</li>`
  })
  const bodies = Object.entries(op.requestBody?.content ?? {}).map(
    ([type, { schema }]) => `<h3>Body <small>${escape(type)}</small></h3>${describe(schema, resolve)}`,
  )
  const responses = Object.entries(op.responses ?? {}).map(
    ([status, response]) => `<li><code>${escape(status)}</code> ${escape(response.description ?? '')}</li>`,
  )
  return `<details id="${opId}"><summary><span class="m ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code> <span class="s">${escape(op.summary ?? '')}</span></summary>
<div class="op">${op.description ? `<p>${escape(op.description)}</p>` : ''}<p>${signIn(op)}</p>
${parameters.length ? `<h3>Parameters</h3><ul>${parameters.join('')}</ul>` : ''}${bodies.join('')}
<h3>Responses</h3><ul>${responses.join('')}</ul>
${tryForm(method, path, op, opId, resolve)}</div></details>`
}

const style = `body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:12px;color:#1a1b1e}
code,pre,summary,li{overflow-wrap:anywhere}h1{font-size:24px;margin:8px 0}h2{font-size:19px;margin:24px 0 8px;border-bottom:1px solid #ccc}
h3{font-size:14px;margin:12px 0 4px;color:#333}details{border-top:1px solid #ddd;padding:6px 0}summary{cursor:pointer;padding:4px 0}
.m{display:inline-block;min-width:58px;padding:1px 6px;border-radius:4px;color:#fff;font:bold 12px system-ui;text-align:center}
.get{background:#237032}.post{background:#1864ab}.put,.patch{background:#a84300}.delete{background:#b02525}.s{color:#444}
.op{padding:0 0 8px 12px;border-left:3px solid #e9ecef}ul{padding-left:20px;margin:4px 0}nav ul{columns:2 12em}
.try{background:#f1f3f5;border-radius:6px;padding:8px 12px;margin-top:12px}.field{margin:8px 0}label{display:block;font-weight:600}
label small{font-weight:normal;color:#495057}input,select,textarea{box-sizing:border-box;width:100%;font:14px ui-monospace,monospace;padding:6px;border:1px solid #868e96;border-radius:4px}
button{font:600 15px system-ui;padding:8px 16px;border:0;border-radius:4px;background:#1864ab;color:#fff;cursor:pointer}
:focus-visible{outline:3px solid #f08c00;outline-offset:2px}.outcome{font-weight:600;margin:8px 0 4px}
.answer{background:#fff;border:1px solid #ced4da;padding:8px;white-space:pre-wrap;max-height:400px;overflow:auto;font-size:13px}
.session{background:#fff4e6;padding:8px 12px;border-radius:6px}`

export function renderApiDocs(doc: Document): string {
  const resolve = resolver(doc)
  const byTag = new Map<string, string[]>()
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other'
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op, resolve)])
    }
  }
  const tags = [...byTag.keys()]
  const contents = tags.map(
    (tag) =>
      `<li><a href="#tag-${slug(tag)}">${escape(tag)}</a> <small>(${byTag.get(tag)!.length})</small></li>`,
  )
  const sections = tags.map(
    (tag) =>
      `<section aria-labelledby="tag-${slug(tag)}"><h2 id="tag-${slug(tag)}">${escape(tag)}</h2>\n${byTag.get(tag)!.join('\n')}</section>`,
  )
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(doc.info.title)} API reference</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"><style>${style}</style><script type="module" src="${API_DOCS_SCRIPT_PATH}"></script></head>
<body><header><h1>${escape(doc.info.title)} API <small>${escape(doc.info.version)}</small></h1>
<p>${escape(doc.info.description ?? '')}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<p class="session" id="session" role="status">Each operation has a “Try it” form: it sends the request from this page with your session, as the app would. Sign in to Isoko in this browser first (<a href="/login">sign in</a>) for the calls that need it.</p></header>
<nav aria-label="Operations by tag"><ul>${contents.join('')}</ul></nav>
<main>${sections.join('\n')}</main></body></html>`
}
