import type { ReactNode } from 'react'
import { Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { AdjustmentStatus } from '../../../shared/ledger'
import type { AdjustmentDto, AdjustmentList } from '../../../shared/schemas/adjustment'
import { formatRwf } from '../../../shared/money'
import { useFormatDateTime } from '../../components/format-date-time'
import { LoadErrorAlert } from '../../components/load-error-alert'
import { LoadingStatus } from '../../components/loading-status'
import { NoneText } from '../../components/none-text'

const statusColors: Record<AdjustmentStatus, string> = { pending: 'yellow', posted: 'green', rejected: 'red' }

/** Where an adjustment stands, in words (the dot's colour only repeats them). */
export function AdjustmentStatusBadge({ status }: { status: AdjustmentStatus }) {
  const { t } = useTranslation()
  return (
    <Badge variant="dot" color={statusColors[status]} style={{ flexShrink: 0 }}>
      {t(`adjustments.status.${status}`)}
    </Badge>
  )
}

/** "Credit · RWF 5,000" or "Debit · RWF 5,000": the direction in words, never by a sign or a colour alone. */
export function AdjustmentAmount({ amount }: { amount: number }) {
  const { t } = useTranslation()
  return (
    <Text fw={600} span>
      {t(amount > 0 ? 'adjustments.credit' : 'adjustments.debit')} · {formatRwf(Math.abs(amount))}
    </Text>
  )
}

/** The amount with its direction, as a sentence's value: "RWF 5,000" (the sentence says credited or debited). */
export const sizeOf = (amount: number) => formatRwf(Math.abs(amount))

/** One adjustment as a card's body: amount and status, the reason, who asked and when, who decided and when. */
export function AdjustmentSummary({ adjustment, shop }: { adjustment: AdjustmentDto; shop?: boolean }) {
  const { t } = useTranslation()
  const formatDateTime = useFormatDateTime()
  const { requestedBy, decidedBy, decidedAt, status } = adjustment
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      {shop && (
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {adjustment.shopName}
        </Text>
      )}
      <Group gap="xs" wrap="wrap">
        <AdjustmentAmount amount={adjustment.amount} />
        <AdjustmentStatusBadge status={status} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {adjustment.reason}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('adjustments.history.requested', {
          name: requestedBy.fullName,
          date: formatDateTime(adjustment.requestedAt),
        })}
        {status === 'posted' && !decidedBy && ` · ${t('adjustments.history.postedAtOnce')}`}
      </Text>
      {decidedBy && decidedAt && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('adjustments.history.decided', { name: decidedBy.fullName, date: formatDateTime(decidedAt) })}
        </Text>
      )}
    </Stack>
  )
}

/**
 * The adjustments a list's query brings (the shop's latest, those waiting for a second admin), one bordered item
 * each (`children` fills it), after the list's `intro` and before its `footer`: a skeleton while they load, 'failed
 * to load' with Retry (in place of the rows, after a failed refresh too), the list's `none` when there is none.
 */
export function AdjustmentItems({
  query,
  texts,
  skeletonHeight,
  intro,
  footer,
  children,
}: {
  query: UseQueryResult<AdjustmentList>
  /** Where the list's loadFailed and none texts are. */
  texts: 'adjustments.pending' | 'adjustments.history'
  skeletonHeight: number
  intro?: ReactNode
  footer?: (data: AdjustmentList) => ReactNode
  children: (adjustment: AdjustmentDto) => ReactNode
}) {
  const { t } = useTranslation()
  if (query.isPending) {
    return (
      <>
        <LoadingStatus />
        <Skeleton h={skeletonHeight} radius="md" aria-hidden />
      </>
    )
  }
  if (query.isError) return <LoadErrorAlert title={t(`${texts}.loadFailed`)} query={query} />
  if (query.data.items.length === 0) return <NoneText>{t(`${texts}.none`)}</NoneText>
  return (
    <>
      {intro}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {query.data.items.map((adjustment) => (
          <Paper key={adjustment.id} component="li" withBorder p="sm" radius="md">
            {children(adjustment)}
          </Paper>
        ))}
      </Stack>
      {footer?.(query.data)}
    </>
  )
}
