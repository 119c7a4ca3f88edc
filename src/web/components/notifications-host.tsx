import { lazy, Suspense, useSyncExternalStore } from 'react'

const Toasts = lazy(() => import('./toasts'))

let isNeeded = false
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Mounts the toasts from now on (showToast calls it before the first one). */
export function needToasts() {
  if (isNeeded) return
  isNeeded = true
  for (const listener of listeners) listener()
}

/**
 * Where toasts appear. Their code and styles load with the first one shown (components/show-toast.ts), which most
 * visits never do; Mantine's store keeps a toast shown before they arrive. Once mounted they stay: a closing toast
 * still needs them.
 */
export function NotificationsHost() {
  const isShown = useSyncExternalStore(subscribe, () => isNeeded)
  if (!isShown) return null
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  )
}
