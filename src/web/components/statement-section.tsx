import { useId } from 'react'
import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconChevronLeft, IconChevronRight, IconReceipt2 } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { Language } from '../../shared/language'
import {
  monthPattern,
  shiftMonth,
  statementLineKinds,
  statementMonthName,
  type Statement,
} from '../../shared/schemas/statement'
import { statementDownloadPath, useStatement } from '../api/statement'
import { messageText } from '../i18n/keys'
import { kigaliToday } from './day-range'
import { DownloadButton } from './download-button'
import { ListEmpty } from './list-empty'
import { LoadErrorAlert } from './load-error-alert'
import { Money } from './money'
import { SectionCard } from './section-card'
import { SkeletonList } from './skeleton-list'
import { StatementCards, StatementTable, statementRows } from './statement-lines'
import { failureDetail } from './use-flash-message'

/** How many months back the picker offers (any earlier month is still one Previous away). */
const MONTHS_OFFERED = 36

/** "March 2026", "Werurwe 2026". */
function useMonthName() {
  const { t } = useTranslation()
  return (month: string) => statementMonthName(month, (key) => messageText(t, key))
}

/** The month in the address (?month=2026-03), this month (Kigali's calendar) when it names none or a bad one. */
function useMonthParam() {
  const [params, setParams] = useSearchParams()
  const latest = kigaliToday().slice(0, 7)
  const asked = params.get('month')
  const month = asked && monthPattern.test(asked) && asked <= latest ? asked : latest
  const setMonth = (next: string) =>
    setParams((current) => {
      const query = new URLSearchParams(current)
      if (next === latest) query.delete('month')
      else query.set('month', next)
      return query
    })
  return { month, latest, setMonth }
}

/** The month: Previous, a list of the last three years' months, Next (up to this month). */
function MonthPicker({
  month,
  latest,
  onChange,
}: {
  month: string
  latest: string
  onChange: (month: string) => void
}) {
  const { t } = useTranslation()
  const monthName = useMonthName()
  const offered = Array.from({ length: MONTHS_OFFERED }, (_, index) => shiftMonth(latest, -index))
  if (!offered.includes(month)) offered.push(month)
  const earliest = '2000-01'
  return (
    <Group gap={6} wrap="nowrap" align="flex-end">
      <ActionIcon
        variant="default"
        size="input-sm"
        aria-label={t('statement.previousMonth')}
        disabled={month <= earliest}
        onClick={() => onChange(shiftMonth(month, -1))}
      >
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <Select
        label={t('statement.month')}
        data={offered.map((value) => ({ value, label: monthName(value) }))}
        value={month}
        onChange={(value) => value && onChange(value)}
        allowDeselect={false}
        checkIconPosition="right"
        w={{ base: 200, sm: 220 }}
      />
      <ActionIcon
        variant="default"
        size="input-sm"
        aria-label={t('statement.nextMonth')}
        disabled={month >= latest}
        onClick={() => onChange(shiftMonth(month, 1))}
      >
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
    </Group>
  )
}

/**
 * A shop's statement (the vendor's own, or for an admin the shop `vendorId` names): a month of its ledger lines
 * with the balance before and after it, 50 lines at a time with Load more, and the whole month as CSV or PDF.
 */
export function StatementSection({ vendorId }: { vendorId?: string }) {
  const { t, i18n } = useTranslation()
  const titleId = useId()
  const { month, latest, setMonth } = useMonthParam()
  const statement = useStatement({ vendorId, month })
  const language: Language = i18n.language === 'rw' ? 'rw' : 'en'
  const pages = statement.data?.pages ?? []
  const first = pages[0]
  return (
    <SectionCard id={titleId} title={t('statement.title')}>
      <Text size="sm" c="dimmed" mt={-8}>
        {vendorId ? t('statement.admin.subtitle') : t('statement.subtitle')}
      </Text>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <MonthPicker month={month} latest={latest} onChange={setMonth} />
        <Group gap="xs" wrap="wrap">
          <DownloadButton
            href={statementDownloadPath('csv', { vendorId, month, language })}
            label={t('statement.downloadCsv')}
            hint={t('statement.downloadCsvHint')}
          />
          <DownloadButton
            href={statementDownloadPath('pdf', { vendorId, month, language })}
            label={t('statement.downloadPdf')}
            hint={t('statement.downloadPdfHint')}
          />
        </Group>
      </Group>
      {statement.isPending ? (
        <>
          <Skeleton h={72} radius="md" aria-hidden />
          <SkeletonList count={4} height={52} />
        </>
      ) : statement.isError && !first ? (
        <LoadErrorAlert
          title={t('statement.loadFailed')}
          body={failureDetail(t, statement.error)}
          query={statement}
        />
      ) : first ? (
        <StatementBody
          first={first}
          pages={pages}
          titleId={titleId}
          more={{
            hasMore: statement.hasNextPage,
            isLoading: statement.isFetchingNextPage,
            failed: statement.isFetchNextPageError,
            detail: failureDetail(t, statement.error),
            load: () => void statement.fetchNextPage(),
          }}
        />
      ) : null}
    </SectionCard>
  )
}

function StatementBody({
  first,
  pages,
  titleId,
  more,
}: {
  first: Statement
  pages: Statement[]
  titleId: string
  more: {
    hasMore: boolean
    isLoading: boolean
    failed: boolean
    detail: string | undefined
    load: () => void
  }
}) {
  const { t } = useTranslation()
  const isDesktop = useMediaQuery('(min-width: 64em)', false, { getInitialValueInEffect: false })
  const lines = statementRows(pages.flatMap((page) => page.lines))
  const totals = first.totals
  const kinds = totals ? statementLineKinds.filter((kind) => totals[kind] !== 0) : []
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Balance label={t('statement.opening')} amount={first.openingBalance} />
        <Balance label={t('statement.closing')} amount={first.closingBalance} />
      </SimpleGrid>
      {totals && kinds.length > 0 && (
        <section aria-labelledby={`${titleId}-totals`}>
          <Text size="sm" fw={600} mb={6} id={`${titleId}-totals`}>
            {t('statement.totalsLabel')}
          </Text>
          {/* Each kind and its total on one line, the amount at the end and never broken. */}
          <Stack component="dl" gap={4} m={0} maw={440}>
            {kinds.map((kind) => (
              <Group key={kind} justify="space-between" wrap="nowrap" gap="sm">
                <Text component="dt" size="sm" c="dimmed">
                  {t(`statement.kinds.${kind}`)}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'nowrap' }}>
                  <Money amount={totals[kind]} />
                </Text>
              </Group>
            ))}
          </Stack>
        </section>
      )}
      {lines.length === 0 ? (
        <ListEmpty
          icon={IconReceipt2}
          title={t('statement.emptyTitle')}
          body={t('statement.emptyBody')}
          titleOrder={3}
          compact
        />
      ) : (
        <>
          {isDesktop ? (
            <StatementTable lines={lines} labelledBy={titleId} />
          ) : (
            <StatementCards lines={lines} />
          )}
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed" role="status">
              {t('statement.shown', { shown: lines.length, count: first.lineCount })}
            </Text>
            {more.hasMore && (
              <Button variant="default" onClick={more.load} loading={more.isLoading}>
                {t('statement.loadMore')}
              </Button>
            )}
          </Group>
          {more.failed && (
            <Text size="sm" c="red.8" role="alert">
              {[t('statement.loadMoreFailed'), more.detail].filter(Boolean).join(' ')}
            </Text>
          )}
        </>
      )}
    </Stack>
  )
}

function Balance({ label, amount }: { label: string; amount: number }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fw={700} fz={20} style={{ overflowWrap: 'anywhere' }}>
        <Money amount={amount} />
      </Text>
    </Paper>
  )
}
