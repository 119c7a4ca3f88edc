import { useState, type ChangeEvent, type DragEvent } from 'react'

/**
 * Files from a file picker or dropped on a zone, handed to `onFiles`. While `isClosed` (disabled, or already
 * full) the zone shows a drop as refused. Spread `zoneProps` on the drop zone and pass `onPick` to the input.
 */
export function useFileDrop(onFiles: (files: File[]) => void, isClosed: boolean) {
  const [isDragging, setIsDragging] = useState(false)
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    event.preventDefault()
    event.dataTransfer.dropEffect = isClosed ? 'none' : 'copy'
    if (!isClosed) setIsDragging(true)
  }
  return {
    onPick: (event: ChangeEvent<HTMLInputElement>) => {
      const files = Array.from(event.currentTarget.files ?? [])
      // Cleared so that picking the same file again (after removing it) still fires a change.
      event.currentTarget.value = ''
      onFiles(files)
    },
    zoneProps: {
      'data-dragging': isDragging || undefined,
      onDragEnter: onDragOver,
      onDragOver,
      onDragLeave: (event: DragEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false)
      },
      onDrop: (event: DragEvent<HTMLElement>) => {
        event.preventDefault()
        setIsDragging(false)
        onFiles(Array.from(event.dataTransfer.files))
      },
    },
  }
}
