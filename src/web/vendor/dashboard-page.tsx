import { Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { useMe } from '../api/account'
import { NotBuiltNotice } from '../components/not-built-page'

/** /vendor. For now the shop name and a not-built notice; the stat cards and quick actions come next. */
export default function VendorDashboardPage() {
  const { t } = useTranslation()
  const me = useMe().data
  // The vendor layout's RequireRole has already turned away anyone without a vendor session.
  if (!me) return null
  // Spec: a vendor without a vendors record is sent to /vendor/register.
  if (!me.vendor) return <Navigate to="/vendor/register" replace />
  return (
    <Stack gap="md" maw={720}>
      <div>
        <Text c="dimmed" size="sm">
          {t('nav.dashboard')}
        </Text>
        <Title order={1}>{me.vendor.shopName}</Title>
      </div>
      <NotBuiltNotice />
    </Stack>
  )
}
