import { useId, useState } from 'react'
import { ActionIcon, Button, Group, Loader, Popover, Stack, Text } from '@mantine/core'
import { IconBell } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { PendingPayoutItem } from '../../../shared/schemas/dashboard'
import { usePendingPayoutRequests } from '../../api/admin-dashboard'
import { useFormatDate } from '../../components/format-date'
import { Money } from '../../components/money'
import { paths } from '../../paths'
import classes from './payout-bell.module.css'

/**
 * The header's bell on every admin screen (specification §2 "/admin dashboard"): a dot while payout requests
 * wait, and a panel with the latest ones (at most 10) and a link to the payouts screen. It reads the dashboard
 * query, which realtime events refresh, so a vendor's new request shows up without a reload.
 */
export function PayoutBell() {
  const { t } = useTranslation()
  const [isOpen, setIsOpen] = useState(false)
  const headingId = useId()
  const pending = usePendingPayoutRequests()
  const count = pending.data?.total ?? 0

  return (
    <Popover
      opened={isOpen}
      onChange={setIsOpen}
      position="bottom-end"
      width={340}
      shadow="md"
      withArrow
      // A dialog for the keyboard: focus moves into the panel, Escape closes it and focus returns to the bell.
      trapFocus
      returnFocus
      closeOnEscape
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          className={classes.bell}
          aria-label={t('admin.dashboard.bell.label', { count })}
          onClick={() => setIsOpen((open) => !open)}
        >
          <IconBell size={22} stroke={1.6} aria-hidden />
          {count > 0 && <span className={classes.dot} aria-hidden />}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown className={classes.panel} aria-labelledby={headingId} p="sm">
        <Stack gap="sm">
          <Text id={headingId} fw={600}>
            {t('admin.dashboard.bell.title')}
          </Text>
          <BellContent query={pending} />
          <Button
            component={Link}
            to={paths.admin.payouts}
            variant="light"
            size="sm"
            onClick={() => setIsOpen(false)}
          >
            {t('admin.dashboard.bell.viewAll')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}

function BellContent({ query }: { query: ReturnType<typeof usePendingPayoutRequests> }) {
  const { t } = useTranslation()
  if (query.isPending) {
    return (
      <Group justify="center" py="sm">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Group>
    )
  }
  if (!query.data) {
    return (
      <Stack gap="xs" align="flex-start" role="alert">
        <Text size="sm" c="red">
          {t('admin.dashboard.bell.loadFailed')}
        </Text>
        <Button size="xs" variant="default" onClick={() => void query.refetch()} loading={query.isRefetching}>
          {t('actions.retry')}
        </Button>
      </Stack>
    )
  }
  const { items, total } = query.data
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('admin.dashboard.bell.empty')}
      </Text>
    )
  }
  return (
    <>
      <ul className={classes.list}>
        {items.map((item) => (
          <PendingPayoutRow key={item.id} item={item} />
        ))}
      </ul>
      {total > items.length && (
        <Text size="xs" c="dimmed">
          {t('admin.dashboard.bell.more', { shown: items.length, total })}
        </Text>
      )}
    </>
  )
}

function PendingPayoutRow({ item }: { item: PendingPayoutItem }) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  return (
    <li className={classes.item}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" py={6}>
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {item.shopName}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {item.ownerName}
          </Text>
          <Text size="xs" c="dimmed">
            {t('admin.dashboard.bell.requestedOn', { date: formatDate(item.requestedAt) })}
          </Text>
        </Stack>
        <Money amount={item.amount} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} />
      </Group>
    </li>
  )
}
