// Types of api-docs-client.js (plain JavaScript, served to the browser as it is), for the tests that import it.

export type Operation = { method: string; path: string; body: 'json' | 'multipart' | 'none' }
export type Filled = {
  path?: Record<string, string>
  query?: Record<string, string>
  body?: string
  form?: Record<string, string | Blob>
}
export type Built = { url: string; init: RequestInit } | { problem: string }

export function buildRequest(operation: Operation, filled: Filled): Built
export function answerText(response: Response): Promise<string>
