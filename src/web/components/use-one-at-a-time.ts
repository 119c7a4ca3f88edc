import { useRef, useState } from 'react'
import type { UseMutationResult } from '@tanstack/react-query'

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
