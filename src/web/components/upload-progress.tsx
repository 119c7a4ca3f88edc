import { Progress, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** 'Waiting…' or 'Uploading… 40%' over a progress bar named after the file it is for. */
export function UploadProgress({
  status,
  progress,
  name,
  dimmed = false,
}: {
  status: 'queued' | 'uploading'
  progress: number
  name: string
  dimmed?: boolean
}) {
  const { t } = useTranslation()
  return (
    <>
      <Text size="xs" c={dimmed ? 'dimmed' : undefined} fw={dimmed ? undefined : 500}>
        {status === 'queued' ? t('uploads.status.queued') : t('uploads.status.uploading')}
        {/* The percentage is for the eye; announcing every step of it would drown the rest. */}
        {status === 'uploading' && <span aria-hidden> {progress}%</span>}
      </Text>
      <Progress
        value={progress}
        size="sm"
        mt={4}
        animated={status === 'uploading'}
        aria-label={t('uploads.progressLabel', { name })}
      />
    </>
  )
}
