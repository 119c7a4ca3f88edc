import { useState } from 'react'
import { CloseButton, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { isLeaving } from '../leaving'
import { searchMax } from './use-list-filters'

/** Typing pauses this long before the list is asked again: one request per word, not per key (slow networks). */
const SEARCH_DEBOUNCE_MS = 350

type SearchInputProps = {
  /** The search the list shows now. */
  q: string
  /** A new search, once typing pauses. */
  onSearch: (q: string) => void
  label: string
  placeholder: string
}

/**
 * A list's search box. It keeps what is typed and hands it on once typing pauses (Enter: at once); a search
 * changed from outside (back, a shared link, 'Show all') is shown in the box.
 */
export function SearchInput({ q, onSearch, label, placeholder }: SearchInputProps) {
  const { t } = useTranslation()
  const [text, setText] = useState(q)
  const [lastQ, setLastQ] = useState(q)
  // Cancelled if the screen is left mid-pause (the hook's own clean-up).
  // ...and never sent once another screen is asked for: this screen stays up while the next one's code loads (a
  // while on a slow network), and a search sent meanwhile would write this screen's address, taking the user back
  // here. The router is asked at the moment the search would go, not at this screen's next render, which can come
  // after it on a busy phone.
  const { pathname } = useLocation()
  const search = useDebouncedCallback((value: string) => {
    if (!isLeaving(pathname)) onSearch(value)
  }, SEARCH_DEBOUNCE_MS)
  if (q !== lastQ) {
    setLastQ(q)
    if (q.trim() !== text.trim()) setText(q)
  }
  const clear = () => {
    search.cancel()
    setText('')
    onSearch('')
  }
  return (
    <TextInput
      type="search"
      enterKeyHint="search"
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      maxLength={searchMax}
      onChange={(event) => {
        setText(event.currentTarget.value)
        search(event.currentTarget.value)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          search.cancel()
          onSearch(text)
        }
      }}
      rightSection={
        text ? <CloseButton size="sm" aria-label={t('actions.clearSearch')} onClick={clear} /> : null
      }
      style={{ flex: '1 1 260px', maxWidth: 420 }}
    />
  )
}
