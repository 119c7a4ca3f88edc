import { useEffect, useRef, useState } from 'react'
import {
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks'
import { IconArrowLeft, IconInbox, IconMailOpened, IconPencil, IconSearch } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams, type To } from 'react-router'
import { messageTypes } from '../../shared/constants'
import type { MessageDto } from '../../shared/schemas/message'
import { useVendorRecord } from '../api/account'
import { useMessages, type MessageFilters } from '../api/messages'
import { useVendorProfile } from '../api/vendor'
import { FlashAlert } from '../components/flash-alert'
import { useFlashMessage } from '../components/use-flash-message'
import { ComposeForm } from './messages/compose-form'
import { ConversationView } from './messages/conversation-view'
import { MessageList } from './messages/message-list'
import classes from './messages/messages.module.css'
import { ListPager } from '../components/list-pager'
import { positionFrom } from '../components/use-page-param'
import { LoadErrorAlert } from '../components/load-error-alert'
import { LoadingStatus } from '../components/loading-status'
import { ListEmpty } from '../components/list-empty'
import { FocusHeading } from '../components/focus-heading'

const typeFilters = ['all', ...messageTypes] as const
type TypeFilter = MessageFilters['type']
type Param = 'type' | 'q' | 'page' | 'after' | 'before' | 'id' | 'compose'

/**
 * Everything the screen shows lives in the address: the filter (?type, ?q, ?page), the open message (?id) or the
 * compose form (?compose=1). Reload and shared links keep it, and on a phone the browser's Back button returns
 * from a message to the list.
 */
function useMessageParams() {
  const [params, setParams] = useSearchParams()
  const rawType = params.get('type')
  const type: TypeFilter = typeFilters.includes(rawType as TypeFilter) ? (rawType as TypeFilter) : 'all'
  const q = params.get('q') ?? ''
  const position = positionFrom(params)
  const id = params.get('id')
  const isComposing = params.get('compose') === '1' && id === null

  const withChanges = (changes: Partial<Record<Param, string | number | null>>) => {
    const query = new URLSearchParams(params)
    // Another page number, or page 1 after a new search or filter: the old page's cursor goes with it.
    if ('page' in changes) {
      query.delete('after')
      query.delete('before')
    }
    for (const [key, value] of Object.entries(changes)) {
      const isDefault =
        value === null ||
        value === '' ||
        (key === 'type' && value === 'all') ||
        (key === 'page' && value === 1)
      if (isDefault) query.delete(key)
      else query.set(key, String(value))
    }
    return query
  }
  const linkTo = (changes: Partial<Record<Param, string | number | null>>): To => {
    const search = withChanges(changes).toString()
    return { search: search ? `?${search}` : '' }
  }
  const update = (changes: Partial<Record<Param, string | number | null>>, options?: { replace?: boolean }) =>
    setParams(withChanges(changes), options)
  return { type, q, position, id, isComposing, linkTo, update }
}

/** /vendor/messages (spec §2 "/vendor/messages", §4 Message, §5 Messages, §8 Messages). */
export default function VendorMessagesPage() {
  const { t } = useTranslation()
  const sessionShopName = useVendorRecord().shopName
  const navigate = useNavigate()
  const { type, q, position, id, isComposing, linkTo, update } = useMessageParams()
  const list = useMessages({ type, q, ...position })
  // The profile has the current shop name (the session's copy may predate a rename).
  const shopName = useVendorProfile().data?.shopName ?? sessionShopName
  const isTwoPanes = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false })
  const feedback = useFlashMessage()

  // Search: typed freely, put in the address after a pause (replacing, not adding, history entries).
  const [search, setSearch] = useState(q)
  const [debouncedSearch] = useDebouncedValue(search, 300)
  const pushedQuery = useRef(q)
  useEffect(() => {
    const next = debouncedSearch.trim()
    if (next === q) return
    pushedQuery.current = next
    update({ q: next, page: null, id: null }, { replace: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the typed text settles
  }, [debouncedSearch])
  useEffect(() => {
    // The address changed from elsewhere (Back, 'Clear search and filter'): the box follows it.
    if (q === pushedQuery.current) return
    pushedQuery.current = q
    setSearch(q)
  }, [q])

  const isDetailOpen = isComposing || id !== null
  const hrefFor = (messageId: string) => linkTo({ id: messageId, compose: null })

  // Focus follows the pane that opens: on a phone the other pane is gone with whatever had focus; on a desktop
  // only when focus was lost (the form that was sent, a link in the message) or the compose form opened.
  const listTitleRef = useRef<HTMLHeadingElement>(null)
  const detailHeadingRef = useRef<HTMLHeadingElement>(null)
  const view = isComposing ? 'compose' : (id ?? '')
  const previousView = useRef(view)
  useEffect(() => {
    const previous = previousView.current
    if (previous === view) return
    previousView.current = view
    const isFocusLost = document.activeElement === null || document.activeElement === document.body
    if (view === '') {
      if (isTwoPanes && !isFocusLost) return
      const link = document.querySelector<HTMLAnchorElement>(`[data-message-id="${CSS.escape(previous)}"] a`)
      ;(link ?? listTitleRef.current)?.focus()
    } else if (view === 'compose' || !isTwoPanes || isFocusLost) {
      detailHeadingRef.current?.focus()
    }
  }, [view, isTwoPanes])

  const clearFilters = () => {
    setSearch('')
    pushedQuery.current = ''
    update({ type: null, q: null, page: null })
  }

  const onSent = (message: MessageDto) => {
    feedback.success(t('vendor.messages.sendSuccess'))
    // The new message opens in a list without filters, where it stands first.
    setSearch('')
    pushedQuery.current = ''
    void navigate({ search: `?id=${encodeURIComponent(message.id)}` }, { replace: true })
  }

  const unread = list.data?.unread ?? 0
  const hasFilters = type !== 'all' || q !== ''

  return (
    <Stack gap="lg" maw={1200}>
      <header>
        <Group gap="sm" align="center">
          <Title order={1}>{t('vendor.messages.title')}</Title>
          {unread > 0 && (
            <Badge variant="filled" color="cyan.9" size="lg">
              {t('vendor.messages.unread', { count: unread })}
            </Badge>
          )}
        </Group>
        <Text c="dimmed" mt={4}>
          {t('vendor.messages.subtitle')}
        </Text>
      </header>

      <FlashAlert flash={feedback.flash} />

      <div className={classes.panes}>
        {(isTwoPanes || !isDetailOpen) && (
          <Paper component="section" withBorder radius="md" p="sm" aria-labelledby="messages-list-title">
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <FocusHeading size="h4" id="messages-list-title" ref={listTitleRef}>
                  {t('vendor.messages.listTitle')}
                </FocusHeading>
                <Button
                  component={Link}
                  to={linkTo({ compose: '1', id: null })}
                  size="xs"
                  leftSection={<IconPencil size={16} aria-hidden />}
                >
                  {t('vendor.messages.newMessage')}
                </Button>
              </Group>
              <TextInput
                type="search"
                aria-label={t('vendor.messages.search')}
                placeholder={t('vendor.messages.searchPlaceholder')}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                maxLength={200}
              />
              <SegmentedControl
                aria-label={t('vendor.messages.typeFilter')}
                value={type}
                onChange={(value) => update({ type: value, page: null, id: null })}
                data={typeFilters.map((value) => ({ value, label: t(`messages.types.${value}`) }))}
                fullWidth
                size="xs"
              />

              {list.isPending ? (
                <ListSkeleton />
              ) : list.isError && !list.data ? (
                <LoadErrorAlert title={t('vendor.messages.loadFailed')} query={list} />
              ) : list.data && list.data.total === 0 ? (
                hasFilters ? (
                  <ListEmpty
                    icon={IconSearch}
                    title={t('vendor.messages.noResultsTitle')}
                    body={t('vendor.messages.noResultsBody')}
                    action={{ label: t('vendor.messages.clearFilters'), onClick: clearFilters }}
                    titleOrder={3}
                    compact
                  />
                ) : (
                  <ListEmpty
                    icon={IconInbox}
                    title={t('vendor.messages.emptyTitle')}
                    body={t('vendor.messages.emptyBody')}
                    titleOrder={3}
                    compact
                  />
                )
              ) : list.data ? (
                <>
                  <div
                    aria-busy={list.isPlaceholderData}
                    style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
                  >
                    <MessageList messages={list.data.items} selectedId={id} hrefFor={hrefFor} />
                  </div>
                  <ListPager
                    data={list.data}
                    pageSize={list.data.pageSize}
                    onChange={(next) =>
                      update({ page: next.page, after: next.after ?? null, before: next.before ?? null })
                    }
                    label={t('vendor.messages.pagesLabel')}
                  />
                </>
              ) : null}
            </Stack>
          </Paper>
        )}

        {(isTwoPanes || isDetailOpen) && (
          <Paper
            component="section"
            withBorder
            radius="md"
            p="md"
            className={classes.detail}
            aria-label={isComposing ? t('vendor.messages.compose.title') : t('vendor.messages.detailLabel')}
          >
            <Stack gap="md">
              {!isTwoPanes && (
                <Button
                  component={Link}
                  to={linkTo({ id: null, compose: null })}
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconArrowLeft size={16} aria-hidden />}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('vendor.messages.back')}
                </Button>
              )}
              {isComposing ? (
                <ComposeForm
                  shopName={shopName}
                  onSent={onSent}
                  onCancel={() => void navigate(linkTo({ compose: null }))}
                  headingRef={detailHeadingRef}
                />
              ) : id !== null ? (
                <ConversationView id={id} headingRef={detailHeadingRef} />
              ) : (
                <EmptyState
                  icon={<IconMailOpened size={28} aria-hidden />}
                  withIndicatorBackground
                  size="sm"
                  py="xl"
                >
                  <EmptyState.Description>{t('vendor.messages.selectPrompt')}</EmptyState.Description>
                </EmptyState>
              )}
            </Stack>
          </Paper>
        )}
      </div>
    </Stack>
  )
}

function ListSkeleton() {
  return (
    <>
      <LoadingStatus />
      <Stack gap="xs" aria-hidden>
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} h={64} radius="sm" />
        ))}
      </Stack>
    </>
  )
}
