import { useFormatDate } from './format-date'
import { useFormatDateTime } from './format-date-time'

/** A date (with `withTime`, date and time) in the reader's language, as a <time> element with the machine-readable value. */
export function DateText({
  value,
  withTime = false,
  id,
}: {
  value: string
  withTime?: boolean
  id?: string
}) {
  const formatDate = useFormatDate()
  const formatDateTime = useFormatDateTime()
  return (
    <time dateTime={value} id={id}>
      {withTime ? formatDateTime(value) : formatDate(value)}
    </time>
  )
}
