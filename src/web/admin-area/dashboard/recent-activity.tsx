import { Anchor, List, ThemeIcon } from '@mantine/core'
import { IconBuildingStore, IconCash, IconCircleCheck } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { AdminDashboard } from '../../../shared/schemas/dashboard'
import { SectionCard } from '../../components/section-card'
import { paths } from '../../paths'

/** The screens' own status filter: each count opens the list already narrowed to what it counts. */
const pendingOnly = '?status=pending'

const itemIcon = (color: string, Icon: typeof IconCircleCheck) => (
  <ThemeIcon component="span" variant="light" color={color} size={28} radius="xl" aria-hidden>
    <Icon size={16} stroke={1.8} />
  </ThemeIcon>
)

/**
 * The recent-activity box (specification §2): a static 'System operating normally' line, then the pending
 * vendor applications and payout requests, each a link to its list filtered to pending.
 */
export function RecentActivity({ stats }: { stats: AdminDashboard['stats'] }) {
  const { t } = useTranslation()
  return (
    <SectionCard id="admin-dashboard-activity" title={t('admin.dashboard.activity.title')}>
      <List spacing="sm" center listStyleType="none" p={0}>
        <List.Item icon={itemIcon('green', IconCircleCheck)}>
          {t('admin.dashboard.activity.systemOk')}
        </List.Item>
        <List.Item icon={itemIcon('blue', IconBuildingStore)}>
          <Anchor component={Link} to={{ pathname: paths.admin.vendors, search: pendingOnly }}>
            {t('admin.dashboard.activity.pendingVendors', { count: stats.vendors.pending })}
          </Anchor>
        </List.Item>
        <List.Item icon={itemIcon('orange', IconCash)}>
          <Anchor component={Link} to={{ pathname: paths.admin.payouts, search: pendingOnly }}>
            {t('admin.dashboard.activity.pendingPayouts', { count: stats.payouts.pending })}
          </Anchor>
        </List.Item>
      </List>
    </SectionCard>
  )
}
