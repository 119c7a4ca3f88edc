import { Alert, Text } from '@mantine/core'
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react'
import type { Flash } from './use-flash-message'

/**
 * The message of useFlashMessage: a status for success, an alert for a failure. The live region is always in
 * the page, so a message that appears in it is announced (one inserted together with its region often is not).
 */
export function FlashAlert({ flash }: { flash: Flash | null }) {
  const isSuccess = flash?.kind === 'success'
  return (
    <div aria-live="polite">
      {flash && (
        <Alert
          color={isSuccess ? 'green' : 'red'}
          variant="light"
          icon={isSuccess ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
          role={isSuccess ? 'status' : 'alert'}
          title={flash.detail ? flash.message : undefined}
        >
          {flash.detail ? <Text size="sm">{flash.detail}</Text> : flash.message}
        </Alert>
      )}
    </div>
  )
}
