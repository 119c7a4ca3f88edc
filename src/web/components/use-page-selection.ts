import { useState } from 'react'

const noneSelected: ReadonlySet<string> = new Set()

/**
 * The rows ticked on a list page. The selection belongs to the page on screen (`listKey`: its search, filters and
 * page): another page, search or filter starts with none. Only what is still listed, and selectable, counts as
 * selected, so a row that changed or left the page meanwhile drops out.
 */
export function usePageSelection<Item extends { id: string }>(
  listKey: string,
  items: readonly Item[],
  isSelectable: (item: Item) => boolean = () => true,
) {
  const [selection, setSelection] = useState<{ listKey: string; ids: ReadonlySet<string> }>({
    listKey,
    ids: noneSelected,
  })
  const picked = selection.listKey === listKey ? selection.ids : noneSelected
  const setPicked = (next: (current: ReadonlySet<string>) => ReadonlySet<string>) =>
    setSelection((current) => ({
      listKey,
      ids: next(current.listKey === listKey ? current.ids : noneSelected),
    }))

  const selectedIds = items.filter((item) => isSelectable(item) && picked.has(item.id)).map((item) => item.id)
  const selected: ReadonlySet<string> = new Set(selectedIds)
  return {
    selectedIds,
    selected,
    onSelect: (id: string, isSelected: boolean) =>
      setPicked((current) => {
        const next = new Set(current)
        if (isSelected) next.add(id)
        else next.delete(id)
        return next
      }),
    onSelectAll: (isSelected: boolean) =>
      setPicked(() =>
        isSelected ? new Set(items.filter(isSelectable).map((item) => item.id)) : noneSelected,
      ),
    clear: () => setPicked(() => noneSelected),
  }
}
