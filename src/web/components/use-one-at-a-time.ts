import { useRef, useState } from 'react'
import type { UseMutationResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { failureDetail } from './use-flash-message'

type Callbacks<Result> = {
  onSuccess?: (result: Result) => void
  onError?: (error: unknown) => void
  /** After either: put focus back where the reader was. */
  onSettled?: () => void
}

/**
 * Runs a decision (approve, reject, …) one at a time (admin §4: while an action on an item is pending, a
 * second one is ignored). The guard is a ref, so even two clicks in the same frame, before the buttons
 * re-render as busy, send one request. `acting` is what is on its way, for the buttons to show progress.
 */
export function useOneAtATime<Variables, Result>(mutation: UseMutationResult<Result, unknown, Variables>) {
  const isBusy = useRef(false)
  const [acting, setActing] = useState<Variables | null>(null)
  const run = (variables: Variables, callbacks: Callbacks<Result> = {}) => {
    if (isBusy.current) return
    isBusy.current = true
    setActing(variables)
    mutation.mutate(variables, {
      onSuccess: (result) => callbacks.onSuccess?.(result),
      onError: (error) => callbacks.onError?.(error),
      onSettled: () => {
        isBusy.current = false
        setActing(null)
        callbacks.onSettled?.()
      },
    })
  }
  return { acting, run }
}

/** How a screen hears how a decision went. */
export type DecisionReport = {
  success: (message: string) => void
  /** The screen's own failure message, and what the server said (the item is left as it was). */
  error: (message: string, detail?: string) => void
  /** After either: put focus back where the reader was. */
  settled?: () => void
}

/**
 * Decisions run one at a time (see useOneAtATime), each reported in the screen's own words: `succeeded` says what
 * was done, `failed` what went wrong, given what the server said.
 */
export function useReportedDecisions<Variables, Result>(
  mutation: UseMutationResult<Result, unknown, Variables>,
  words: { succeeded: (variables: Variables) => string; failed: (detail: string | undefined) => string },
) {
  const { t } = useTranslation()
  const { acting, run } = useOneAtATime(mutation)
  const decide = (variables: Variables, report: DecisionReport) =>
    run(variables, {
      onSuccess: () => report.success(words.succeeded(variables)),
      onError: (error) => {
        const detail = failureDetail(t, error)
        report.error(words.failed(detail), detail)
      },
      onSettled: report.settled,
    })
  return { acting, decide }
}
