import { useEffect } from 'react'
import { Button, Container, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useLocation } from 'react-router'
import { useMe } from '../api/account'
import { ApiError } from '../api/client'
import { accountKeys } from '../api/query-keys'
import { useRealtime } from '../api/realtime'
import { paths } from '../paths'
import { AreaShell } from './area-shell'
import { vendorNav } from './nav-items'
import { Notice } from '../components/notice'

/**
 * /vendor/*, for vendors only (the route says so), inside the shared area frame. Every vendor screen works on
 * the vendor's shop, so the shop is checked here, once: a vendor without a vendors record is sent to
 * /vendor/register (spec §2), and the screens below can rely on `useVendorRecord()`. Every vendor screen also
 * gets live updates (messages, orders, payout decisions).
 */
export default function VendorArea() {
  useRealtime(true)
  useRecordRemovedCheck()
  const me = useMe().data
  const { pathname } = useLocation()
  if (!me?.vendor) {
    // Spec §2 "/vendor/products": there, a message with a link to the wizard rather than a redirect.
    if (pathname.startsWith(paths.vendor.products)) return <NoVendorRecord />
    return <Navigate to={paths.vendor.register} replace />
  }
  return <AreaShell items={vendorNav} areaLabelKey="nav.vendorArea" />
}

function NoVendorRecord() {
  const { t } = useTranslation()
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('vendor.products.title')}</Title>
        <Notice title={t('vendor.products.noVendor.title')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('vendor.products.noVendor.body')}</Text>
            <Button component={Link} to={paths.vendor.register} size="xs">
              {t('vendor.products.noVendor.action')}
            </Button>
          </Stack>
        </Notice>
      </Stack>
    </Container>
  )
}

/**
 * The session said there is a shop, a screen's request says there is none (removed meanwhile): the session
 * is read again, and the check above then sends the vendor to register.
 */
function useRecordRemovedCheck() {
  const client = useQueryClient()
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        const error = event.type === 'updated' ? event.query.state.error : null
        if (error instanceof ApiError && error.messageKey === 'vendor.notRegistered') {
          void client.invalidateQueries({ queryKey: accountKeys.named('me') })
        }
      }),
    [client],
  )
}
