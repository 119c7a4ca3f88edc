import { useState } from 'react'
import { Group, NativeSelect, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { isCalendarDay } from '../../shared/schemas/day-range'
import {
  allDates,
  dayRangeChoices,
  type DayRangeChange,
  type DayRangeChoice,
  type DayRangeState,
} from './day-range'

type Change = (change: DayRangeChange, options?: { replace?: boolean }) => void

/**
 * A list's period (the orders placed, the payouts requested): every date, the last 7, 30, 90 or 365 days, or
 * "Choose dates" with a start and an end, both included, on Kigali's calendar. Kept in the address (day-range.ts),
 * so a link or a reload shows the same period. Its boxes wrap onto their own line on a phone.
 */
export function DateRangeFilter({ range, onChange }: { range: DayRangeState; onChange: Change }) {
  const { t } = useTranslation()
  const choose = (choice: DayRangeChoice) => {
    if (choice === 'all') onChange(allDates)
    // The days shown so far (a preset's) are where the reader's own start from.
    else if (choice === 'custom') onChange({ days: choice, from: range.from, to: range.to })
    else onChange({ days: choice, from: null, to: null })
  }
  const labelOf = (choice: DayRangeChoice) =>
    choice === 'all' || choice === 'custom' ? t(`dateFilter.${choice}`) : t(`dateFilter.ranges.${choice}`)
  return (
    // Level at the boxes' foot: a label that wraps (a longer language) pushes its box down, not its neighbours.
    <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '0 1 auto', minWidth: 0 }}>
      <NativeSelect
        label={t('dateFilter.label')}
        value={range.choice}
        onChange={(event) => choose(event.currentTarget.value as DayRangeChoice)}
        data={dayRangeChoices.map((choice) => ({ value: choice, label: labelOf(choice) }))}
      />
      {range.choice === 'custom' && (
        <DayFields from={range.from} to={range.to} onDates={(days) => onChange(days, { replace: true })} />
      )}
    </Group>
  )
}

type DateError = 'fromAfterTo' | 'toBeforeFrom'

/**
 * From and to, both days included. The browser's picker keeps each within what the other allows; a day typed
 * outside is explained and not applied, and a box being typed in applies its day once it is whole.
 */
function DayFields({
  from,
  to,
  onDates,
}: {
  from: string | null
  to: string | null
  onDates: (days: { from?: string | null; to?: string | null }) => void
}) {
  const { t } = useTranslation()
  const [texts, setTexts] = useState({ from: from ?? '', to: to ?? '' })
  const [shown, setShown] = useState({ from, to })
  const [errors, setErrors] = useState<{ from?: DateError; to?: DateError }>({})
  // Days changed from outside (back, a preset chosen before, a shared link) replace whatever the boxes held.
  if (shown.from !== from || shown.to !== to) {
    setShown({ from, to })
    setTexts({ from: from ?? '', to: to ?? '' })
    setErrors({})
  }

  const errorOf = (edge: 'from' | 'to', value: string): DateError | undefined =>
    edge === 'from'
      ? to !== null && value > to
        ? 'fromAfterTo'
        : undefined
      : from !== null && value < from
        ? 'toBeforeFrom'
        : undefined
  const change = (edge: 'from' | 'to', value: string) => {
    setTexts((current) => ({ ...current, [edge]: value }))
    const applied = edge === 'from' ? from : to
    // An incomplete or cleared box reads as empty: the period is then open at that end.
    if (!isCalendarDay(value)) {
      setErrors((current) => ({ ...current, [edge]: undefined }))
      if (applied !== null) onDates({ [edge]: null })
      return
    }
    const error = errorOf(edge, value)
    setErrors((current) => ({ ...current, [edge]: error }))
    if (!error && value !== applied) onDates({ [edge]: value })
  }

  // Each box bounds the other: the first day no later than the last, the last no earlier than the first.
  const bound = { from: { max: to ?? undefined }, to: { min: from ?? undefined } }
  return (
    <>
      {(['from', 'to'] as const).map((edge) => {
        const error = errors[edge]
        return (
          <TextInput
            key={edge}
            type="date"
            label={t(`dateFilter.${edge}`)}
            value={texts[edge]}
            {...bound[edge]}
            onChange={(event) => change(edge, event.currentTarget.value)}
            error={error ? t(`dateFilter.errors.${error}`) : undefined}
            style={{ flex: '1 1 150px', maxWidth: 200 }}
          />
        )
      })}
    </>
  )
}
