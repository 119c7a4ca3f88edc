import { useEffect, useState } from 'react'
import type { TFunction } from 'i18next'
import { timings } from '../../shared/constants'
import { ApiError } from '../api/client'
import { messageText } from '../i18n/keys'

export type Flash = { kind: 'success' | 'error'; message: string; detail?: string }

/**
 * A message under a form or section. Success clears itself after 3 seconds (spec §9); an error stays until
 * the next attempt, so the reader has time to act on it.
 */
export function useFlashMessage() {
  const [flash, setFlash] = useState<Flash | null>(null)
  useEffect(() => {
    if (flash?.kind !== 'success') return
    const timer = window.setTimeout(() => setFlash(null), timings.successMessageClearMs)
    return () => window.clearTimeout(timer)
  }, [flash])
  return {
    flash,
    success: (message: string) => setFlash({ kind: 'success', message }),
    // A detail the message already quotes is not said twice.
    error: (message: string, detail?: string) =>
      setFlash({ kind: 'error', message, detail: detail && !message.includes(detail) ? detail : undefined }),
    clear: () => setFlash(null),
  }
}

/**
 * What the server said beyond "it failed", when that helps the reader act: no connection, a field it refused,
 * a conflict. A 500 says nothing useful, so it adds nothing to the screen's own failure message.
 */
export function failureDetail(t: TFunction, error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.code === 'INTERNAL' || error.status >= 500) return undefined
  const fieldKeys = Object.values(error.fields ?? {})
  const key = fieldKeys[0] ?? error.messageKey
  return messageText(t, key, { ...error.params, defaultValue: '' }) || undefined
}
