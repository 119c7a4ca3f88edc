import { useState } from 'react'
import { Badge, Tooltip } from '@mantine/core'
import { IconInbox, IconMail, IconMailCheck } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { messageTypes } from '../../shared/constants'
import type { MessageDto } from '../../shared/schemas/message'
import { useMessages } from '../api/messages'
import { ListPage, useListPage } from '../components/list-page'
import { SearchAndSelect } from '../components/search-and-select'
import { useListFilters } from '../components/use-list-filters'
import { MessageDialogs } from './messages/message-dialogs'
import { MessageCard, MessageTable } from './messages/message-list'

const pageSize = 20
const typeFilters = ['all', ...messageTypes] as const

/**
 * /admin/messages (admin §2 "/admin/messages", §4 Message): every message, newest first, searched (sender's
 * name or e-mail, subject, content) and filtered by type on the server, paged; the team's unread count in
 * view. A message opens in a details dialog, which marks it read for the whole team, with a Reply. New
 * messages and reads by other admins arrive live (the 'messages' topic refreshes messageKeys).
 */
export default function AdminMessagesPage() {
  const { t } = useTranslation()
  const filters = useListFilters(typeFilters)
  const { q, status: type, page, after, before } = filters
  const messages = useMessages({ q: q.trim(), type, page, after, before, pageSize })
  const [openId, setOpenId] = useState<string | null>(null)
  const [opened, setOpened] = useState<MessageDto | null>(null)
  // Four columns and the sender's e-mail: a table from 1100 px beside the menu; below, one card a message.
  const list = useListPage(messages, {
    filters,
    pageSize,
    tableFrom: '68.75em',
  })
  const data = messages.data
  // The dialog follows the list's live copy of its message (read now, for one), else keeps the copy it opened.
  const shown = openId === null ? null : (data?.items.find((item) => item.id === openId) ?? opened)
  const open = list.afterClearing((message: MessageDto) => {
    setOpened(message)
    setOpenId(message.id)
  })

  return (
    <ListPage
      {...list.view}
      texts="admin.messages"
      maw={1200}
      tools={<UnreadCount unread={data?.unread} />}
      filters={
        <SearchAndSelect
          filters={filters}
          texts="admin.messages"
          label={t('admin.messages.typeLabel')}
          labelOf={(value) => (value === 'all' ? t('admin.messages.allTypes') : t(`messages.types.${value}`))}
        />
      }
      emptyIcon={IconInbox}
      table={(items) => <MessageTable messages={items} onOpen={open} />}
      card={(message, nameId) => <MessageCard message={message} nameId={nameId} onOpen={open} />}
    >
      <MessageDialogs message={shown} onClose={() => setOpenId(null)} />
    </ListPage>
  )
}

/**
 * How many messages to the team no admin has opened, whatever the search shows: large and coloured while
 * there are any, and announced when it changes (a message arrives, an admin opens one).
 */
function UnreadCount({ unread }: { unread: number | undefined }) {
  const { t } = useTranslation()
  return (
    <div aria-live="polite" aria-atomic="true">
      {unread !== undefined && (
        <Tooltip label={t('admin.messages.unreadHint')} withArrow>
          <Badge
            size="xl"
            variant={unread > 0 ? 'filled' : 'light'}
            color={unread > 0 ? 'red.8' : 'green.9'}
            leftSection={
              unread > 0 ? <IconMail size={18} aria-hidden /> : <IconMailCheck size={18} aria-hidden />
            }
          >
            {unread > 0 ? t('admin.messages.unread', { count: unread }) : t('admin.messages.allRead')}
          </Badge>
        </Tooltip>
      )}
    </div>
  )
}
