import type { ReactNode } from 'react'
import { Modal } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { LoadErrorAlert } from './load-error-alert'
import { LoadingStatus } from './loading-status'
import { SkeletonList } from './skeleton-list'
import { failureDetail } from './use-flash-message'
import { useLastShown } from './use-last-shown'

/** A large dialog, full screen on a phone, its close button named in the reader's language. */
export function WideModal({
  opened,
  onClose,
  title,
  size,
  children,
}: {
  opened: boolean
  onClose: () => void
  title: string
  size: 'lg' | 'xl'
  children: ReactNode
}) {
  const { t } = useTranslation()
  const isPhone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false })
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {children}
    </Modal>
  )
}

/**
 * A large dialog showing one item (an application, a product) while `id` is set, full screen on a phone.
 * The last item stays in it while it fades out, and each item gets its own content (reset state per id).
 */
export function DetailsModal({
  id,
  title,
  onClose,
  children,
}: {
  id: string | null
  title: string
  onClose: () => void
  children: (id: string, isPhone: boolean) => ReactNode
}) {
  const isPhone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false })
  const shownId = useLastShown(id)
  return (
    <WideModal opened={id !== null} onClose={onClose} title={title} size="xl">
      {shownId && <div key={shownId}>{children(shownId, isPhone)}</div>}
    </WideModal>
  )
}

/** A details dialog's content while its item is not there: loading, or why it failed, with a retry. */
export function DetailsPending({
  query,
  failedTitle,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown; isRefetching: boolean }
  failedTitle: string
}) {
  const { t } = useTranslation()
  return query.isError ? (
    <LoadErrorAlert
      title={failedTitle}
      body={failureDetail(t, query.error) ?? t('errors.checkConnection')}
      query={query}
    />
  ) : (
    <>
      <LoadingStatus />
      <SkeletonList count={4} height={110} radius="md" />
    </>
  )
}
