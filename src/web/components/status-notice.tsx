import { Anchor, Text } from '@mantine/core'
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { VendorStatus } from '../../shared/constants'
import { paths } from '../paths'
import { Notice } from './notice'

/**
 * The notice a vendor sees while not approved (spec §4): pending is 'Under Review', rejected is
 * 'Account Rejected'; an approved shop shows nothing. It is standing information, not an event, so it is a
 * note rather than an alert that would interrupt a screen reader on every visit. A rejection shows the admin's
 * reason when one was given, so the vendor knows what to fix.
 */
export function StatusNotice({ status, reason }: { status: VendorStatus; reason?: string | null }) {
  const { t } = useTranslation()
  if (status === 'approved') return null
  const isPending = status === 'pending'
  return (
    <Notice
      {...(isPending
        ? { color: 'yellow', icon: <IconClockHour4 aria-hidden />, title: t('vendor.status.pendingTitle') }
        : { color: 'red', icon: <IconAlertTriangle aria-hidden />, title: t('vendor.status.rejectedTitle') })}
    >
      {isPending ? (
        t('vendor.status.pendingBody')
      ) : (
        <>
          {reason && (
            <Text size="sm" mb={4} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {t('vendor.status.rejectedReason', { reason })}
            </Text>
          )}
          {t('vendor.status.rejectedBody')}{' '}
          <Anchor component={Link} to={paths.vendor.messages} inherit c="inherit" underline="always" fw={600}>
            {t('vendor.messageSupport')}
          </Anchor>
        </>
      )}
    </Notice>
  )
}
