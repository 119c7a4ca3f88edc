import type { ReactNode, Ref } from 'react'

/**
 * A list showing its previous page while the next one loads: dimmed and marked busy for screen readers, so
 * nothing jumps on a slow network and nobody acts on rows that are about to change.
 */
export function BusyRegion({
  isBusy,
  children,
  ref,
}: {
  isBusy: boolean
  children: ReactNode
  ref?: Ref<HTMLDivElement>
}) {
  return (
    <div ref={ref} aria-busy={isBusy} style={{ opacity: isBusy ? 0.6 : 1, transition: 'opacity 150ms' }}>
      {children}
    </div>
  )
}
