import { useEffect, useRef } from 'react'

/**
 * Keeps keyboard focus in place across an action that refreshes a list: once the list has settled, focus goes
 * to the acted-on row's next enabled button, or to a fallback (the heading) when the row left the list with
 * its buttons, never to the top of the page. Rows and cards carry their id in `data-row-id` (see ItemCard).
 */
export function useFocusAfterUpdate(isSettled: boolean, data: unknown) {
  const listRef = useRef<HTMLDivElement>(null)
  const fallbackRef = useRef<HTMLHeadingElement>(null)
  const pending = useRef<string | null>(null)
  useEffect(() => {
    const id = pending.current
    if (id === null || !isSettled) return
    pending.current = null
    const row = listRef.current?.querySelector(`[data-row-id="${CSS.escape(id)}"]`)
    const button = row?.querySelector<HTMLButtonElement>('button:not(:disabled)')
    ;(button ?? fallbackRef.current)?.focus()
  }, [isSettled, data])
  return {
    listRef,
    fallbackRef,
    /** Call when the action on row `id` has settled. */
    focusAfterUpdate: (id: string) => {
      pending.current = id
    },
  }
}
