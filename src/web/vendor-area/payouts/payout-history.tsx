import { useId } from 'react'
import { Button, DataList, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core'
import { IconCircleCheck } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { receiptNoteDate, type PayoutDto } from '../../../shared/schemas/payout'
import { Money } from '../../components/money'
import { StatusBadge } from '../../components/status-badge'
import { useFormatDate } from '../../components/format-date'

export type PayoutListProps = {
  payouts: PayoutDto[]
  onConfirmReceipt: (payout: PayoutDto) => void
}

/**
 * 'Confirm receipt' only on an approved payout the vendor has not confirmed yet (canConfirmReceipt). The button
 * keeps its short name; aria-describedby adds the amount and the request date, so each one says which payout.
 */
function ConfirmReceiptButton({
  payout,
  describedBy,
  onConfirmReceipt,
  fullWidth = false,
}: {
  payout: PayoutDto
  describedBy: string
  onConfirmReceipt: (payout: PayoutDto) => void
  fullWidth?: boolean
}) {
  const { t } = useTranslation()
  if (payout.status !== 'approved' || !payout.canConfirmReceipt) return null
  return (
    <Button
      size="xs"
      variant="light"
      fullWidth={fullWidth}
      leftSection={<IconCircleCheck size={16} aria-hidden />}
      onClick={() => onConfirmReceipt(payout)}
      aria-describedby={describedBy}
    >
      {t('payouts.confirmReceipt')}
    </Button>
  )
}

function Notes({ notes }: { notes: string | null }) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  // The receipt note is stored in English (the admin list reads it); show it in the reader's language.
  const receiptDate = receiptNoteDate(notes)
  return notes ? (
    <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
      {receiptDate
        ? t('payouts.history.receiptNote', { date: formatDate(`${receiptDate}T12:00:00Z`) })
        : notes}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      {t('payouts.history.noNotes')}
    </Text>
  )
}

function ProcessedDate({ payout }: { payout: PayoutDto }) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  return payout.processedAt ? (
    <time dateTime={payout.processedAt}>{formatDate(payout.processedAt)}</time>
  ) : (
    <Text span size="sm" c="dimmed">
      {t('payouts.history.notProcessed')}
    </Text>
  )
}

/** From 1024 px: the history as a table, newest request first (the server's order). */
export function PayoutTable({ payouts, onConfirmReceipt }: PayoutListProps) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  const idPrefix = useId()
  return (
    <Table verticalSpacing="sm" horizontalSpacing="sm" tabularNums aria-labelledby="payout-history-title">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" ta="end">
            {t('payouts.history.amount')}
          </Table.Th>
          <Table.Th scope="col">{t('payouts.history.status')}</Table.Th>
          <Table.Th scope="col">{t('payouts.history.requestedAt')}</Table.Th>
          <Table.Th scope="col">{t('payouts.history.processedAt')}</Table.Th>
          <Table.Th scope="col">{t('payouts.history.notes')}</Table.Th>
          <Table.Th scope="col">{t('payouts.history.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {payouts.map((payout) => {
          const amountId = `${idPrefix}-${payout.id}-amount`
          const dateId = `${idPrefix}-${payout.id}-date`
          return (
            <Table.Tr key={payout.id} data-payout-id={payout.id}>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                <Text span inherit fw={600} id={amountId}>
                  <Money amount={payout.amount} />
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={payout.status} style={{ minWidth: 'max-content' }} />
              </Table.Td>
              <Table.Td>
                <time dateTime={payout.requestedAt} id={dateId}>
                  {formatDate(payout.requestedAt)}
                </time>
              </Table.Td>
              <Table.Td>
                <ProcessedDate payout={payout} />
              </Table.Td>
              <Table.Td maw={320}>
                <Notes notes={payout.notes} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <ConfirmReceiptButton
                  payout={payout}
                  describedBy={`${amountId} ${dateId}`}
                  onConfirmReceipt={onConfirmReceipt}
                />
              </Table.Td>
            </Table.Tr>
          )
        })}
      </Table.Tbody>
    </Table>
  )
}

/** Below 1024 px: one card per payout. */
export function PayoutCards({ payouts, onConfirmReceipt }: PayoutListProps) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  const idPrefix = useId()
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, sm: 2 }}
      spacing="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {payouts.map((payout) => {
        const amountId = `${idPrefix}-${payout.id}-amount`
        const dateId = `${idPrefix}-${payout.id}-date`
        return (
          <li key={payout.id}>
            <Paper
              component="article"
              data-payout-id={payout.id}
              aria-labelledby={amountId}
              withBorder
              radius="md"
              p="md"
              h="100%"
            >
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Text span fw={700} size="lg" id={amountId}>
                    <Money amount={payout.amount} />
                  </Text>
                  <StatusBadge status={payout.status} style={{ flexShrink: 0 }} />
                </Group>
                <DataList orientation="horizontal" size="sm" gap={6} labelWidth={120}>
                  <DataList.Item>
                    <DataList.ItemLabel>{t('payouts.history.requestedAt')}</DataList.ItemLabel>
                    <DataList.ItemValue>
                      <time dateTime={payout.requestedAt} id={dateId}>
                        {formatDate(payout.requestedAt)}
                      </time>
                    </DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>{t('payouts.history.processedAt')}</DataList.ItemLabel>
                    <DataList.ItemValue>
                      <ProcessedDate payout={payout} />
                    </DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>{t('payouts.history.notes')}</DataList.ItemLabel>
                    <DataList.ItemValue>
                      <Notes notes={payout.notes} />
                    </DataList.ItemValue>
                  </DataList.Item>
                </DataList>
                <ConfirmReceiptButton
                  payout={payout}
                  describedBy={`${amountId} ${dateId}`}
                  onConfirmReceipt={onConfirmReceipt}
                  fullWidth
                />
              </Stack>
            </Paper>
          </li>
        )
      })}
    </SimpleGrid>
  )
}
