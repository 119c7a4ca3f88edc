import { useEffect, useState } from 'react'
import { CloseButton, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigation } from 'react-router'
import { searchMax } from './use-list-filters'

/** Typing pauses this long before the list is asked again: one request per word, not per key (slow networks). */
const SEARCH_DEBOUNCE_MS = 350

/**
 * A list's search box. It keeps what is typed and hands it on once typing pauses (Enter: at once); a search
 * changed from outside (back, a shared link, 'Show all') is shown in the box.
 */
export function SearchInput({
  q,
  onSearch,
  label,
  placeholder,
}: {
  q: string
  onSearch: (q: string) => void
  label: string
  placeholder: string
}) {
  const { t } = useTranslation()
  const [text, setText] = useState(q)
  const [lastQ, setLastQ] = useState(q)
  // Cancelled if the screen is left mid-pause (the hook's own clean-up).
  const search = useDebouncedCallback((value: string) => onSearch(value), SEARCH_DEBOUNCE_MS)
  // ...and as soon as another screen is asked for: this screen stays up while the next one's code loads (a while
  // on a slow network), and a search sent meanwhile writes this screen's address, taking the user back here.
  const navigation = useNavigation()
  const { pathname } = useLocation()
  const isLeaving = navigation.state !== 'idle' && navigation.location.pathname !== pathname
  useEffect(() => {
    if (isLeaving) search.cancel()
  }, [isLeaving, search])
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
