import type { ReactNode } from 'react'
import { Button, Group, Modal, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useLastShown } from './use-last-shown'

/**
 * What a confirmation dialog's caller decides: the action on its subject (with what the dialog asked for, such
 * as a reason), and its progress.
 */
export type ConfirmActions<T, Asked extends unknown[] = []> = {
  isPending: boolean
  onConfirm: (subject: T, ...asked: Asked) => void
  /** Cancel: the dialog hands focus back to the button that opened it. */
  onClose: () => void
}

/**
 * Asks before an action that cannot be undone (a refund, a receipt, a deletion). It opens while `subject` is
 * set; the last subject stays in the dialog while it fades out rather than emptying it mid-transition. While
 * the action runs, the dialog cannot be dismissed and Confirm shows its progress (a second tap does nothing).
 */
export function ConfirmModal<T>({
  subject,
  title,
  children,
  confirmLabel,
  cancelLabel,
  color,
  isPending,
  onConfirm,
  onClose,
}: {
  subject: T | null
  title: string
  children: (subject: T) => ReactNode
  confirmLabel: string
  /** 'Cancel' unless the action needs its own word. */
  cancelLabel?: string
  color?: string
} & ConfirmActions<T>) {
  const { t } = useTranslation()
  const shown = useLastShown(subject)
  return (
    <Modal
      opened={subject !== null}
      onClose={() => !isPending && onClose()}
      title={title}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      centered
    >
      {shown !== null && (
        <Stack gap="lg">
          {children(shown)}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isPending}>
              {cancelLabel ?? t('actions.cancel')}
            </Button>
            <Button color={color} onClick={() => onConfirm(shown)} loading={isPending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
