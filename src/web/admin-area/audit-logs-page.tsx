import { IconCheck, IconHistory, IconPencil, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import {
  auditActionFilters,
  auditRanges,
  type AuditLogList,
  type AuditRange,
} from '../../shared/schemas/audit'
import { auditLogsExportPath, useAdminAuditLogs } from '../api/admin-audit-logs'
import { DownloadButton } from '../components/download-button'
import { ListPage, useListPage } from '../components/list-page'
import { SearchAndSelect, SelectFilter } from '../components/search-and-select'
import { countShown } from '../components/list-pager'
import { SummaryGrid } from '../components/stat-card'
import { useListFilters } from '../components/use-list-filters'
import { AuditCard, AuditTable } from './audit-logs/audit-log-list'

const pageSize = 50
const defaultRange: AuditRange = 7

/** The range in the address (?days=30), or the default when it is missing or not one the screen offers. */
const rangeFrom = (value: string): AuditRange =>
  auditRanges.find((range) => String(range) === value) ?? defaultRange

/**
 * /admin/audit-logs (admin §2 "/admin/audit-logs"): the recorded changes, newest first, searched, filtered by
 * action and period, paged on the server (the specification's 100-row cap becomes pages), exported as CSV.
 */
export default function AdminAuditLogsPage() {
  const { t } = useTranslation()
  const filters = useListFilters(auditActionFilters, ['days'])
  const { q, status: action, page, after, before, update } = filters
  const search = { q: q.trim(), action, days: rangeFrom(filters.days) }
  const logs = useAdminAuditLogs({ ...search, page, after, before, pageSize })
  // Six columns of values need room: a table from 1280 px beside the menu; below, one card per entry.
  const list = useListPage(logs, {
    filters,
    pageSize,
    tableFrom: '80em',
  })

  return (
    <ListPage
      {...list.view}
      texts="admin.auditLogs"
      tools={
        <DownloadButton
          href={auditLogsExportPath(search)}
          label={t('admin.auditLogs.export')}
          hint={t('admin.auditLogs.exportHint')}
        />
      }
      filters={
        <>
          <AuditSummary summary={logs.data?.summary} isCapped={logs.data?.summaryIsCapped ?? false} />
          <SearchAndSelect
            filters={filters}
            texts="admin.auditLogs"
            label={t('admin.auditLogs.filterLabel')}
            labelOf={(value) =>
              value === 'all' ? t('admin.auditLogs.filters.all') : t(`admin.auditLogs.actions.${value}`)
            }
          >
            <SelectFilter
              label={t('admin.auditLogs.rangeLabel')}
              value={String(search.days)}
              values={auditRanges.map(String)}
              labelOf={(range) => t(`admin.auditLogs.ranges.${Number(range) as AuditRange}`)}
              onChange={(days) => update({ days })}
            />
          </SearchAndSelect>
        </>
      }
      emptyIcon={IconHistory}
      table={(entries) => <AuditTable entries={entries} />}
      card={(entry, nameId) => <AuditCard entry={entry} nameId={nameId} />}
    />
  )
}

const cards = [
  { key: 'total', icon: IconHistory, color: 'cyan' },
  { key: 'approvals', icon: IconCheck, color: 'green' },
  { key: 'updates', icon: IconPencil, color: 'orange' },
  { key: 'deletions', icon: IconTrash, color: 'red' },
] as const

type Figures = AuditLogList['summary']

/** The four cards of the filtered period (admin §2): every event, approvals, updates and deletions. */
function AuditSummary({ summary, isCapped }: { summary: Figures | undefined; isCapped: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'admin.auditLogs.summary' })
  // More entries match than the server counts: each figure is "at least" ("10,000+", "2,013+").
  const figureOf = (key: keyof Figures, figures: Figures) => countShown(figures[key], isCapped)
  return <SummaryGrid texts={t} cards={cards} summary={summary} value={figureOf} />
}
