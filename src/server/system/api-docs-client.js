// The "Try it" forms of /api/docs (system/api-docs.ts renders them), served as /api/docs/try-it.js: plain
// JavaScript the browser runs as it is (no build step), loaded as a module from this origin as the
// Content-Security-Policy requires. It only ever calls this origin's /api paths, with the reader's session
// cookie, so every role and ownership check applies as it does in the app; answers are shown as text, never
// as HTML.

/**
 * @typedef {{ method: string, path: string, body: 'json' | 'multipart' | 'none' }} Operation
 * @typedef {{ path?: Record<string, string>, query?: Record<string, string>, body?: string, form?: Record<string, string | Blob> }} Filled
 * @typedef {{ url: string, init: RequestInit } | { problem: string }} Built
 */

/**
 * The request an operation's form describes: path parameters substituted (encoded, so a value cannot leave its
 * segment), the query string from the filled-in values (empty ones left out), and the body as JSON or as a
 * multipart form. A problem (a required value missing, a body that is not JSON) is returned in words instead.
 * @param {Operation} operation
 * @param {Filled} filled
 * @returns {Built}
 */
export function buildRequest(operation, filled) {
  const method = operation.method.toUpperCase()
  let problem = ''
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name) => {
    const value = (filled.path?.[name] ?? '').trim()
    // '.' and '..' are path segments of their own: the URL would climb out of the operation's path.
    if (value === '' || value === '.' || value === '..') problem ||= `Fill in ${name}.`
    return encodeURIComponent(value)
  })
  if (problem) return { problem }
  if (!path.startsWith('/api/')) return { problem: 'Only this server’s /api paths can be called from here.' }

  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(filled.query ?? {}))
    if (value.trim() !== '') query.append(name, value)
  const search = query.toString()
  const url = search ? `${path}?${search}` : path

  /** @type {RequestInit} */
  const init = {
    method,
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    // An answer that redirects is shown as it is, never followed to another address.
    redirect: 'manual',
  }
  if (operation.body === 'json') {
    const text = (filled.body ?? '').trim()
    if (text !== '') {
      try {
        init.body = JSON.stringify(JSON.parse(text))
      } catch (error) {
        return { problem: `The body is not JSON: ${error instanceof Error ? error.message : error}` }
      }
      init.headers = { ...init.headers, 'Content-Type': 'application/json' }
    }
  } else if (operation.body === 'multipart') {
    const form = new FormData()
    for (const [name, value] of Object.entries(filled.form ?? {})) if (value !== '') form.append(name, value)
    init.body = form
  }
  return { url, init }
}

/** At most this much of an answer is shown: enough to read, not enough to freeze a phone. */
const SHOWN_CHARS = 100_000

/**
 * The answer as text: JSON indented, text as it is, anything else by its type and size. An event stream stays
 * open for as long as the session lasts: its first bytes are shown and the stream is closed.
 * @param {Response} response
 */
export async function answerText(response) {
  const type = response.headers.get('content-type') ?? ''
  if (type.startsWith('text/event-stream')) {
    const reader = response.body?.getReader()
    const first = await reader?.read()
    await reader?.cancel()
    return `(an event stream, kept open by the server; its first bytes:)\n${new TextDecoder().decode(first?.value)}`
  }
  if (/json|^text\//.test(type)) {
    const text = await response.text()
    if (type.includes('json')) {
      try {
        return JSON.stringify(JSON.parse(text), null, 2).slice(0, SHOWN_CHARS)
      } catch {
        // Shown as it came.
      }
    }
    return text.length > SHOWN_CHARS
      ? `${text.slice(0, SHOWN_CHARS)}\n… (${text.length} characters in all)`
      : text
  }
  const size = (await response.arrayBuffer()).byteLength
  return `(${size} bytes of ${type || 'an unknown type'}: open the address in the browser to download it)`
}

/** @param {HTMLFormElement} form */
function filledIn(form) {
  /** @type {Required<Filled>} */
  const filled = { path: {}, query: {}, body: '', form: {} }
  for (const element of form.querySelectorAll('[data-in]')) {
    const field = /** @type {HTMLInputElement} */ (element)
    const place = field.dataset.in
    if (place === 'body') filled.body = field.value
    else if (place === 'form')
      filled.form[field.name] = field.type === 'file' ? (field.files?.[0] ?? '') : field.value
    else if (place === 'path' || place === 'query') filled[place][field.name] = field.value
  }
  return filled
}

/** @param {HTMLFormElement} form */
async function send(form) {
  const outcome = /** @type {HTMLElement} */ (form.querySelector('.outcome'))
  const answer = /** @type {HTMLElement} */ (form.querySelector('.answer'))
  const button = /** @type {HTMLButtonElement} */ (form.querySelector('button[type="submit"]'))
  const operation = /** @type {Operation} */ ({ ...form.dataset })
  const built = buildRequest(operation, filledIn(form))
  answer.hidden = true
  if ('problem' in built) {
    outcome.textContent = built.problem
    return
  }
  button.disabled = true
  outcome.textContent = `Sending ${operation.method.toUpperCase()} ${built.url}…`
  const started = performance.now()
  try {
    const response = await fetch(built.url, built.init)
    const text = response.type === 'opaqueredirect' ? '(a redirect)' : await answerText(response)
    const ms = Math.round(performance.now() - started)
    outcome.textContent = `${response.status} ${response.statusText} · ${ms} ms`
    answer.textContent = text
    answer.hidden = text === ''
  } catch (error) {
    outcome.textContent = `No answer: ${error instanceof Error ? error.message : error}`
  } finally {
    button.disabled = false
  }
}

/** Says who the calls are sent as, so a 401 or 403 is no surprise. */
async function showSession() {
  const note = document.getElementById('session')
  if (!note) return
  try {
    const response = await fetch('/api/account/session', { credentials: 'same-origin' })
    const me = response.ok ? await response.json() : null
    if (me?.user)
      note.textContent = `Signed in as ${me.user.email} (${me.user.role}): each “Try it” form sends its request with this session, and the server answers as it would in the app.`
  } catch {
    // The note as the page wrote it stays.
  }
}

/** A link to an operation (#postAccountLogin's id) opens it. */
function openLinked() {
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)))
  if (target instanceof HTMLDetailsElement) target.open = true
}

if (typeof document !== 'undefined') {
  document.addEventListener('submit', (event) => {
    const form = event.target
    if (!(form instanceof HTMLFormElement) || !form.classList.contains('try')) return
    event.preventDefault()
    void send(form)
  })
  window.addEventListener('hashchange', openLinked)
  openLinked()
  void showSession()
}
