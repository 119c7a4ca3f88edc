import { Button, Stack } from '@mantine/core'
import { IconBuildingStore, IconReceipt, IconWallet } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
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
        {quickActions.map(({ key, to, icon: Icon }) => (
          <Button
            key={key}
            component={Link}
            to={to}
            variant="default"
            justify="flex-start"
            leftSection={<Icon size={20} aria-hidden />}
          >
            {t(`admin.dashboard.actions.${key}`)}
          </Button>
        ))}
      </Stack>
    </SectionCard>
  )
}
