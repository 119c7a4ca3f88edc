import { useState, type ReactNode } from 'react'
import { Modal } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'

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
  const { t } = useTranslation()
  const isPhone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false })
  const [shownId, setShownId] = useState(id)
  if (id !== null && id !== shownId) setShownId(id)
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={title}
      size="xl"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {shownId && <div key={shownId}>{children(shownId, isPhone)}</div>}
    </Modal>
  )
}
