import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import {
  IconAlertTriangle,
  IconCash,
  IconCircleCheck,
  IconClockDollar,
  IconPackage,
  IconReceipt,
  IconShoppingCart,
  IconWallet,
} from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { VendorDashboard } from '../../shared/schemas/vendor'
import { useVendorRecord } from '../api/account'
import { useVendorDashboard } from '../api/vendor'
import { LoadErrorAlert } from '../components/load-error-alert'
import { LoadingStatus } from '../components/loading-status'
import { Money } from '../components/money'
import { StatusBadge } from '../components/status-badge'
import { StatCardSkeleton, StatGrid } from '../components/stat-card'
import { StatusNotice } from '../components/status-notice'
import { QuickLinks } from '../components/quick-links'
import { SubscriptionCard } from './components/subscription-card'
import { paths } from '../paths'
import { SectionCard } from '../components/section-card'
import { FieldList } from '../components/field-list'

/** /vendor: the shop at a glance (spec §2 "/vendor (dashboard)"). */
export default function VendorDashboardPage() {
  const { t } = useTranslation()
  const { shopName } = useVendorRecord()
  const dashboard = useVendorDashboard()
  if (dashboard.isPending) return <DashboardSkeleton shopName={shopName} />
  if (dashboard.isError) {
    return (
      <Stack gap="md" maw={720}>
        <DashboardHeading shopName={shopName} />
        <LoadErrorAlert title={t('vendor.dashboard.loadFailed')} query={dashboard} />
      </Stack>
    )
  }
  return <DashboardView data={dashboard.data} />
}

/** Every figure comes from the server (aggregates in the database), never summed in the browser. */
const statCards = (stats: VendorDashboard['stats']) =>
  [
    { key: 'products', value: stats.products.toLocaleString('en-US'), icon: IconPackage, color: 'cyan' },
    { key: 'orders', value: stats.orders.toLocaleString('en-US'), icon: IconShoppingCart, color: 'indigo' },
    { key: 'revenue', value: <Money amount={stats.revenue} />, icon: IconCash, color: 'green' },
    {
      key: 'pendingPayouts',
      value: <Money amount={stats.pendingPayouts} />,
      icon: IconClockDollar,
      color: 'orange',
    },
  ] as const

const quickActions = [
  { key: 'products', to: paths.vendor.products, icon: IconPackage },
  { key: 'orders', to: paths.vendor.orders, icon: IconReceipt },
  { key: 'payouts', to: paths.vendor.payouts, icon: IconWallet },
] as const

function DashboardView({ data: { vendor, stats } }: { data: VendorDashboard }) {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" maw={1200}>
      <DashboardHeading shopName={vendor.shopName} />

      <StatusNotice status={vendor.status} reason={vendor.decisionReason} />

      <StatGrid
        id="dashboard-overview"
        title={t('vendor.dashboard.overview')}
        cols={{ base: 1, xs: 2, lg: 4 }}
        stats={statCards(stats).map(({ key, value, icon, color }) => ({
          key,
          label: t(`vendor.dashboard.stats.${key}`),
          value,
          hint: t(`vendor.dashboard.stats.${key}Hint`),
          icon,
          color,
        }))}
      />

      <LowStockCard count={stats.lowStockProducts} threshold={vendor.lowStockThreshold} />

      <section aria-labelledby="dashboard-quick-actions">
        <Title order={2} size="h4" mb="sm" id="dashboard-quick-actions">
          {t('vendor.dashboard.quickActions')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <QuickLinks
            links={quickActions.map((link) => ({
              ...link,
              label: t(`vendor.dashboard.actions.${link.key}`),
            }))}
            size="md"
          />
        </SimpleGrid>
      </section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SectionCard id="dashboard-shop-info" title={t('vendor.dashboard.shopInfo')}>
          <FieldList
            fields={[
              { label: t('fields.shopName'), value: vendor.shopName },
              {
                label: t('fields.status'),
                value: <StatusBadge status={vendor.status} />,
              },
              { label: t('fields.businessAddress'), value: vendor.businessAddress },
            ]}
          />
          <Anchor component={Link} to={paths.vendor.profile} size="sm" fw={600}>
            {t('vendor.dashboard.editProfile')}
          </Anchor>
        </SectionCard>
        <SubscriptionCard subscription={vendor.subscription} requestedPlan={vendor.requestedPlan} />
      </SimpleGrid>
    </Stack>
  )
}

/**
 * "Low stock: N products" (a variant at or below the shop's threshold), linking to the products list filtered the
 * same way: the server counts what the filter keeps, so the card and the list agree.
 */
function LowStockCard({ count, threshold }: { count: number; threshold: number }) {
  const { t } = useTranslation()
  const isLow = count > 0
  return (
    <Paper component="section" aria-labelledby="dashboard-low-stock" withBorder p="md" radius="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon
          variant="light"
          color={isLow ? 'orange' : 'teal'}
          size={40}
          radius="md"
          aria-hidden
          style={{ flexShrink: 0 }}
        >
          {isLow ? <IconAlertTriangle size={22} stroke={1.6} /> : <IconCircleCheck size={22} stroke={1.6} />}
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} size="h4" id="dashboard-low-stock">
            {t('vendor.dashboard.lowStock.title', { count })}
          </Title>
          <Text size="sm" c="dimmed">
            {isLow
              ? t('vendor.dashboard.lowStock.hint', { count: threshold })
              : t('vendor.dashboard.lowStock.none')}
          </Text>
          <Anchor
            component={Link}
            to={{ pathname: paths.vendor.products, search: '?stock=low' }}
            size="sm"
            fw={600}
          >
            {t('vendor.dashboard.lowStock.view')}
          </Anchor>
        </Stack>
      </Group>
    </Paper>
  )
}

/** The shop name is the page's heading (spec: "Shop name"); the session already knows it while figures load. */
function DashboardHeading({ shopName }: { shopName: string }) {
  const { t } = useTranslation()
  return (
    <div>
      <Text c="dimmed" size="sm">
        {t('nav.dashboard')}
      </Text>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {shopName}
      </Title>
    </div>
  )
}

function DashboardSkeleton({ shopName }: { shopName: string }) {
  return (
    <Stack gap="lg" maw={1200}>
      <DashboardHeading shopName={shopName} />
      <LoadingStatus />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" aria-hidden>
        <StatCardSkeleton />
        <StatCardSkeleton />
        <StatCardSkeleton />
        <StatCardSkeleton />
      </SimpleGrid>
      <Skeleton h={104} radius="md" aria-hidden />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" aria-hidden>
        <Skeleton h={42} />
        <Skeleton h={42} />
        <Skeleton h={42} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-hidden>
        <Skeleton h={200} />
        <Skeleton h={200} />
      </SimpleGrid>
    </Stack>
  )
}
