import { useState } from 'react'
import { Badge, Button, Group, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconPencil, IconPercentage, IconPlus, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatRwf } from '../../../shared/money'
import type { CommissionRuleDto } from '../../../shared/schemas/commission'
import { useCommissionRules, useDeleteCommissionRule } from '../../api/admin-money'
import { CardList } from '../../components/card-list'
import { ConfirmModal } from '../../components/confirm-modal'
import { DataTable } from '../../components/data-table'
import { FlashAlert } from '../../components/flash-alert'
import { IconButton } from '../../components/icon-button'
import { ItemCard } from '../../components/item-card'
import { ListEmpty } from '../../components/list-empty'
import { LoadErrorAlert } from '../../components/load-error-alert'
import { LoadingStatus } from '../../components/loading-status'
import { SkeletonList } from '../../components/skeleton-list'
import { NoneText } from '../../components/none-text'
import { SectionCard } from '../../components/section-card'
import { failureDetail, useFlashMessage } from '../../components/use-flash-message'
import { RuleDialog } from './rule-dialog'
import { boundText, rateText, scopeText } from './rule-words'

type Dialog = { kind: 'add' } | { kind: 'edit'; rule: CommissionRuleDto }

type RowProps = {
  rule: CommissionRuleDto
  onEdit: (rule: CommissionRuleDto) => void
  onDelete: (rule: CommissionRuleDto) => void
}

/**
 * The commission rules, least specific first (a table from 62em, cards below, so a phone never scrolls
 * sideways), with Add rule, and Edit and Delete on each (Delete asks first).
 */
export function RulesSection() {
  const { t } = useTranslation()
  const rules = useCommissionRules()
  const remove = useDeleteCommissionRule()
  const feedback = useFlashMessage()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [deleting, setDeleting] = useState<CommissionRuleDto | null>(null)
  const isDesktop = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false })

  const open = (next: Dialog) => {
    feedback.clear()
    setDialog(next)
  }
  const rowProps = {
    onEdit: (rule: CommissionRuleDto) => open({ kind: 'edit', rule }),
    onDelete: (rule: CommissionRuleDto) => {
      feedback.clear()
      setDeleting(rule)
    },
  }
  const confirmDelete = (rule: CommissionRuleDto) =>
    remove.mutate(rule.id, {
      onSuccess: () => {
        setDeleting(null)
        feedback.success(t('money.rules.deleted'))
      },
      onError: (error) => {
        setDeleting(null)
        feedback.error(t('money.rules.deleteFailed'), failureDetail(t, error))
      },
    })

  const items = rules.data?.items
  return (
    <SectionCard
      id="commission-rules"
      title={t('money.rules.title')}
      aside={
        <Button
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => open({ kind: 'add' })}
          style={{ flexShrink: 0 }}
        >
          {t('money.rules.add')}
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        {t('money.rules.intro')}
      </Text>
      <FlashAlert flash={feedback.flash} />
      {items ? (
        items.length === 0 ? (
          <ListEmpty
            icon={IconPercentage}
            title={t('money.rules.empty.title')}
            body={t('money.rules.empty.body')}
            titleOrder={3}
          />
        ) : isDesktop ? (
          <RuleTable rules={items} {...rowProps} />
        ) : (
          <CardList items={items} keyOf={(rule) => rule.id} cols={{ base: 1, sm: 2 }}>
            {(rule, nameId) => <RuleCard rule={rule} nameId={nameId} {...rowProps} />}
          </CardList>
        )
      ) : rules.isError ? (
        <LoadErrorAlert title={t('money.rules.loadFailed')} query={rules} />
      ) : (
        <>
          <LoadingStatus />
          <SkeletonList count={3} height={44} />
        </>
      )}

      <RuleDialog
        opened={dialog !== null}
        rule={dialog?.kind === 'edit' ? dialog.rule : null}
        onClose={() => setDialog(null)}
        onSaved={(message) => {
          setDialog(null)
          feedback.success(message)
        }}
      />
      <ConfirmModal
        subject={deleting}
        title={t('money.rules.deleteDialog.title')}
        confirmLabel={t('money.rules.deleteDialog.confirm')}
        color="red"
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {(rule) => <Text size="sm">{t('money.rules.deleteDialog.body', { scope: scopeText(t, rule) })}</Text>}
      </ConfirmModal>
    </SectionCard>
  )
}

/** A bound, or "None". */
function Bound({ amount }: { amount: number | null }) {
  const { t } = useTranslation()
  const text = boundText(amount)
  return text ? <>{text}</> : <NoneText inline>{t('money.none')}</NoneText>
}

/** The scope's kind as a badge: Default, Plan, Category, Shop, Shop and category. */
function ScopeBadge({ rule }: { rule: CommissionRuleDto }) {
  const { t } = useTranslation()
  return (
    <Badge
      variant="light"
      color="gray"
      style={{ flexShrink: 0 }}
      styles={{ label: { whiteSpace: 'normal' } }}
    >
      {t(`money.rules.scopes.${rule.scope}`)}
    </Badge>
  )
}

function RuleTable({ rules, ...actions }: Omit<RowProps, 'rule'> & { rules: CommissionRuleDto[] }) {
  const { t } = useTranslation()
  return (
    <DataTable
      label={t('money.rules.tableCaption')}
      items={rules}
      columns={[
        {
          label: t('money.rules.columns.scope'),
          cell: (rule, nameId) => (
            <Group gap="xs" wrap="nowrap">
              <ScopeBadge rule={rule} />
              <Text size="sm" fw={600} id={nameId} style={{ overflowWrap: 'anywhere' }}>
                {scopeText(t, rule)}
              </Text>
            </Group>
          ),
        },
        {
          label: t('money.rules.columns.rate'),
          align: 'end',
          nowrap: true,
          cell: (rule) => rateText(rule.rateBp),
        },
        {
          label: t('money.rules.columns.fixed'),
          align: 'end',
          nowrap: true,
          cell: (rule) => formatRwf(rule.fixedAmount),
        },
        {
          label: t('money.rules.columns.min'),
          align: 'end',
          nowrap: true,
          cell: (rule) => <Bound amount={rule.minAmount} />,
        },
        {
          label: t('money.rules.columns.max'),
          align: 'end',
          nowrap: true,
          cell: (rule) => <Bound amount={rule.maxAmount} />,
        },
        {
          label: t('fields.actions'),
          nowrap: true,
          cell: (rule) => <RowActions rule={rule} {...actions} />,
        },
      ]}
    />
  )
}

/** Edit and Delete as icons with tooltips, each named for the rule it acts on. */
function RowActions({ rule, onEdit, onDelete }: RowProps) {
  const { t } = useTranslation()
  const scope = scopeText(t, rule)
  return (
    <Group gap={4} wrap="nowrap">
      <IconButton
        variant="subtle"
        color="gray"
        label={t('money.rules.editLabel', { scope })}
        tooltip={t('actions.edit')}
        icon={IconPencil}
        onClick={() => onEdit(rule)}
      />
      <IconButton
        variant="subtle"
        color="red"
        label={t('money.rules.deleteLabel', { scope })}
        tooltip={t('actions.delete')}
        icon={IconTrash}
        onClick={() => onDelete(rule)}
      />
    </Group>
  )
}

function RuleCard({ rule, nameId, onEdit, onDelete }: RowProps & { nameId: string }) {
  const { t } = useTranslation()
  const scope = scopeText(t, rule)
  return (
    <ItemCard
      item={rule}
      labelledBy={nameId}
      end={<ScopeBadge rule={rule} />}
      title={
        <Text fw={700} id={nameId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {scope}
        </Text>
      }
      labelWidth={110}
      fields={[
        { label: t('money.rules.columns.rate'), value: rateText(rule.rateBp) },
        { label: t('money.rules.columns.fixed'), value: formatRwf(rule.fixedAmount) },
        { label: t('money.rules.columns.min'), value: <Bound amount={rule.minAmount} /> },
        { label: t('money.rules.columns.max'), value: <Bound amount={rule.maxAmount} /> },
      ]}
      actions={
        <Group gap="xs" grow>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPencil size={16} aria-hidden />}
            aria-label={t('money.rules.editLabel', { scope })}
            onClick={() => onEdit(rule)}
          >
            {t('actions.edit')}
          </Button>
          <Button
            variant="light"
            color="red"
            size="xs"
            leftSection={<IconTrash size={16} aria-hidden />}
            aria-label={t('money.rules.deleteLabel', { scope })}
            onClick={() => onDelete(rule)}
          >
            {t('actions.delete')}
          </Button>
        </Group>
      }
    />
  )
}
