import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { describeStatementLine, type StatementLine } from '../../shared/schemas/statement'
import { messageText } from '../i18n/keys'
import { CardList } from './card-list'
import { DataTable } from './data-table'
import { DateText } from './date-text'
import { useFormatDate } from './format-date'
import { ItemCard } from './item-card'
import { Money } from './money'

type Row = StatementLine & { id: string }

/** The lines as the table and the cards show them: each named by its number among the shop's lines. */
export const statementRows = (lines: StatementLine[]): Row[] =>
  lines.map((line) => ({ ...line, id: String(line.seq) }))

/** An amount credited (positive) in green, debited as it is: the sign is written either way. */
function Amount({ amount, id }: { amount: number; id?: string }) {
  return (
    <Text span inherit fw={600} c={amount > 0 ? 'green.9' : undefined} id={id}>
      <Money amount={amount} />
    </Text>
  )
}

/**
 * What a line is (its kind) and what it refers to (the order and product, the payout and its status, the reason of
 * an adjustment); a sale still held says when its money becomes available.
 */
function What({ line, nameId }: { line: Row; nameId?: string }) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  const ref = describeStatementLine(line, (key, params) => messageText(t, key, params))
  const isHeld = line.amount > 0 && Date.parse(line.availableAt) > Date.now()
  return (
    <>
      <Text span size="sm" fw={600} display="block" id={nameId}>
        {t(`statement.kinds.${line.kind}`)}
      </Text>
      {ref && (
        <Text span size="xs" c="dimmed" display="block" style={{ overflowWrap: 'anywhere' }}>
          {ref}
        </Text>
      )}
      {isHeld && (
        <Text span size="xs" c="orange.9" display="block">
          {t('statement.heldUntil', { date: formatDate(line.availableAt) })}
        </Text>
      )}
    </>
  )
}

/** From 1024 px: date, what, amount and balance after, newest first. */
export function StatementTable({ lines, labelledBy }: { lines: Row[]; labelledBy: string }) {
  const { t } = useTranslation()
  return (
    <DataTable
      labelledBy={labelledBy}
      highlightOnHover={false}
      items={lines}
      columns={[
        {
          label: t('statement.columns.date'),
          nowrap: true,
          cell: (line) => <DateText value={line.date} withTime />,
        },
        { label: t('statement.columns.what'), miw: 220, cell: (line) => <What line={line} /> },
        {
          label: t('statement.columns.amount'),
          align: 'end',
          nowrap: true,
          cell: (line) => <Amount amount={line.amount} />,
        },
        {
          label: t('statement.columns.balance'),
          align: 'end',
          nowrap: true,
          cell: (line) => <Money amount={line.balanceAfter} />,
        },
      ]}
    />
  )
}

/** Below 1024 px: one card per line, its kind and amount first. */
export function StatementCards({ lines }: { lines: Row[] }) {
  const { t } = useTranslation()
  return (
    <CardList items={lines} keyOf={(line) => line.id} cols={{ base: 1, sm: 2 }}>
      {(line, nameId) => (
        <ItemCard
          item={{ id: line.id }}
          labelledBy={`${nameId}-what`}
          title={
            <div style={{ minWidth: 0 }}>
              <What line={line} nameId={`${nameId}-what`} />
            </div>
          }
          end={
            <Text span size="sm" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
              <Amount amount={line.amount} />
            </Text>
          }
          labelWidth={110}
          fields={[
            { label: t('statement.columns.date'), value: <DateText value={line.date} withTime /> },
            { label: t('statement.columns.balance'), value: <Money amount={line.balanceAfter} /> },
          ]}
        />
      )}
    </CardList>
  )
}
