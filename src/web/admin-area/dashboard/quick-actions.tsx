import { Stack } from '@mantine/core'
import { IconBuildingStore, IconReceipt, IconWallet } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { QuickLinks } from '../../components/quick-links'
import { SectionCard } from '../../components/section-card'
import { paths } from '../../paths'

const quickActions = [
  { key: 'vendors', to: paths.admin.vendors, icon: IconBuildingStore },
  { key: 'orders', to: paths.admin.orders, icon: IconReceipt },
  { key: 'payouts', to: paths.admin.payouts, icon: IconWallet },
] as const

/** Quick actions (specification §2): straight to the vendors, orders and payouts screens. */
export function QuickActions() {
  const { t } = useTranslation()
  return (
    <SectionCard id="admin-dashboard-quick-actions" title={t('admin.dashboard.quickActions')}>
      <Stack gap="sm">
        <QuickLinks
          links={quickActions.map((link) => ({ ...link, label: t(`admin.dashboard.actions.${link.key}`) }))}
          justify="flex-start"
        />
      </Stack>
    </SectionCard>
  )
}
