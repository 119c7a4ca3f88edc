import { useState } from 'react'

/**
 * What a dialog shows: `value` while it is set, and the last one after it is cleared, so that a closing dialog
 * keeps its content while it fades out rather than emptying mid-transition.
 */
export function useLastShown<T>(value: T | null): T | null {
  const [shown, setShown] = useState(value)
  if (value !== null && value !== shown) setShown(value)
  return value ?? shown
}
