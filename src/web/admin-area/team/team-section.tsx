import { useState } from 'react'
import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconUserMinus } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { TeamMemberDto } from '../../../shared/schemas/team'
import { useTeam, useWithdrawInvitation } from '../../api/team'
import { CardList } from '../../components/card-list'
import { ConfirmModal } from '../../components/confirm-modal'
import { DataTable } from '../../components/data-table'
import { DateText } from '../../components/date-text'
import { FlashAlert } from '../../components/flash-alert'
import { useFormatDate } from '../../components/format-date'
import { ItemCard } from '../../components/item-card'
import { LoadErrorAlert } from '../../components/load-error-alert'
import { LoadingStatus } from '../../components/loading-status'
import { SkeletonList } from '../../components/skeleton-list'
import { SectionCard } from '../../components/section-card'
import { failureDetail, useFlashMessage } from '../../components/use-flash-message'

type RowProps = { member: TeamMemberDto; onWithdraw: (member: TeamMemberDto) => void }

/**
 * The admins, oldest first (a table from 62em, cards below, so a phone never scrolls sideways): who is active and
 * who is invited, with Withdraw on an invitation not yet accepted (it asks first).
 */
export function TeamSection() {
  const { t } = useTranslation()
  const team = useTeam()
  const withdraw = useWithdrawInvitation()
  const feedback = useFlashMessage()
  const [withdrawing, setWithdrawing] = useState<TeamMemberDto | null>(null)
  const isDesktop = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false })

  const onWithdraw = (member: TeamMemberDto) => {
    feedback.clear()
    setWithdrawing(member)
  }
  const confirmWithdraw = (member: TeamMemberDto) =>
    withdraw.mutate(member.id, {
      onSuccess: () => {
        setWithdrawing(null)
        feedback.success(t('team.withdrawn', { name: member.fullName }))
      },
      onError: (error) => {
        setWithdrawing(null)
        feedback.error(t('team.withdrawFailed'), failureDetail(t, error))
      },
    })

  const items = team.data?.items
  return (
    <SectionCard id="admin-team" title={t('team.list.title')}>
      <FlashAlert flash={feedback.flash} />
      {items ? (
        isDesktop ? (
          <TeamTable members={items} onWithdraw={onWithdraw} />
        ) : (
          <CardList items={items} keyOf={(member) => member.id} cols={{ base: 1, sm: 2 }}>
            {(member, nameId) => <MemberCard member={member} nameId={nameId} onWithdraw={onWithdraw} />}
          </CardList>
        )
      ) : team.isError ? (
        <LoadErrorAlert title={t('team.list.loadFailed')} query={team} />
      ) : (
        <>
          <LoadingStatus />
          <SkeletonList count={3} height={44} />
        </>
      )}
      <ConfirmModal
        subject={withdrawing}
        title={t('team.withdrawDialog.title')}
        confirmLabel={t('team.withdrawDialog.confirm')}
        color="red"
        isPending={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onClose={() => setWithdrawing(null)}
      >
        {(member) => (
          <Text size="sm">
            {t('team.withdrawDialog.body', { name: member.fullName, email: member.email })}
          </Text>
        )}
      </ConfirmModal>
    </SectionCard>
  )
}

/** Active or Invited, the label in the text colour (as StatusBadge: the colour only repeats the word). */
function MemberStatus({ member }: { member: TeamMemberDto }) {
  const { t } = useTranslation()
  return (
    <Badge variant="dot" color={member.status === 'active' ? 'green' : 'yellow'} style={{ flexShrink: 0 }}>
      {t(`team.list.statuses.${member.status}`)}
    </Badge>
  )
}

/** An invitee's link: until when it works, or that it no longer does. */
function LinkValidity({ member }: { member: TeamMemberDto }) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  if (member.status !== 'invited') return null
  return (
    <Text size="xs" c="dimmed">
      {member.linkExpiresAt
        ? t('team.list.linkUntil', { date: formatDate(member.linkExpiresAt) })
        : t('team.list.linkExpired')}
    </Text>
  )
}

function MemberName({ member, nameId }: { member: TeamMemberDto; nameId: string }) {
  const { t } = useTranslation()
  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      <Text fw={600} size="sm" id={nameId} style={{ overflowWrap: 'anywhere' }}>
        {member.fullName}
      </Text>
      {member.isYou && (
        <Badge variant="light" color="gray" size="sm" style={{ flexShrink: 0 }}>
          {t('team.list.you')}
        </Badge>
      )}
    </Group>
  )
}

function WithdrawButton({ member, onWithdraw, isFull }: RowProps & { isFull?: boolean }) {
  const { t } = useTranslation()
  if (member.status !== 'invited') return null
  return (
    <Button
      variant="light"
      color="red"
      size="xs"
      fullWidth={isFull}
      leftSection={<IconUserMinus size={16} aria-hidden />}
      aria-label={t('team.list.withdrawLabel', { name: member.fullName })}
      onClick={() => onWithdraw(member)}
    >
      {t('team.list.withdraw')}
    </Button>
  )
}

function TeamTable({ members, onWithdraw }: { members: TeamMemberDto[] } & Pick<RowProps, 'onWithdraw'>) {
  const { t } = useTranslation()
  return (
    <DataTable
      label={t('team.list.caption')}
      items={members}
      columns={[
        {
          label: t('team.list.name'),
          cell: (member, nameId) => <MemberName member={member} nameId={nameId} />,
        },
        {
          label: t('team.list.email'),
          cell: (member) => (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {member.email}
            </Text>
          ),
        },
        {
          label: t('team.list.status'),
          cell: (member) => (
            <Stack gap={4} align="flex-start">
              <MemberStatus member={member} />
              <LinkValidity member={member} />
            </Stack>
          ),
        },
        {
          label: t('team.list.joined'),
          nowrap: true,
          cell: (member) => <DateText value={member.joinedAt} />,
        },
        {
          label: t('fields.actions'),
          nowrap: true,
          cell: (member) => <WithdrawButton member={member} onWithdraw={onWithdraw} />,
        },
      ]}
    />
  )
}

function MemberCard({ member, nameId, onWithdraw }: RowProps & { nameId: string }) {
  const { t } = useTranslation()
  return (
    <ItemCard
      item={{ id: member.id }}
      labelledBy={nameId}
      end={<MemberStatus member={member} />}
      title={<MemberName member={member} nameId={nameId} />}
      labelWidth={90}
      fields={[
        { label: t('team.list.email'), value: member.email },
        { label: t('team.list.joined'), value: <DateText value={member.joinedAt} /> },
      ]}
      actions={
        member.status === 'invited' ? (
          <Stack gap="xs">
            <LinkValidity member={member} />
            <WithdrawButton member={member} onWithdraw={onWithdraw} isFull />
          </Stack>
        ) : undefined
      }
    />
  )
}
