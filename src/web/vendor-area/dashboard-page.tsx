import {
  Alert,
  Anchor,
  Button,
  DataList,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import {
  IconAlertCircle,
  IconCash,
  IconClockDollar,
  IconPackage,
  IconReceipt,
  IconShoppingCart,
  IconWallet,
} from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate } from 'react-router'
import type { VendorDashboard } from '../../shared/schemas/vendor'
import { useMe } from '../api/account'
import { ApiError } from '../api/client'
import { useVendorDashboard } from '../api/vendor'
import { Money } from '../components/money'
import { StatusBadge } from '../components/status-badge'
import { StatCard, StatCardSkeleton } from './components/stat-card'
import { StatusNotice } from './components/status-notice'
import { readableAlertStyles } from './components/readable-alert'
import { SubscriptionCard } from './components/subscription-card'
import classes from './components/vendor-page.module.css'

/** /vendor: the shop at a glance (spec §2 "/vendor (dashboard)"). */
export default function VendorDashboardPage() {
  const me = useMe().data
  // The vendor layout's RequireRole has already turned away anyone without a vendor session.
  if (!me) return null
  // Spec: a vendor without a vendors record is sent to /vendor/register.
  if (!me.vendor) return <Navigate to="/vendor/register" replace />
  return <Dashboard shopName={me.vendor.shopName} />
}

function Dashboard({ shopName }: { shopName: string }) {
  const { t } = useTranslation()
  const dashboard = useVendorDashboard()

  // The session said there is a shop, the server says there is none (removed meanwhile): register again.
  if (dashboard.error instanceof ApiError && dashboard.error.messageKey === 'vendor.notRegistered') {
    return <Navigate to="/vendor/register" replace />
  }
  if (dashboard.isPending) return <DashboardSkeleton shopName={shopName} />
  if (dashboard.isError) {
    return (
      <Stack gap="md" maw={720} className={classes.page}>
        <DashboardHeading shopName={shopName} />
        <Alert
          color="red"
          variant="light"
          styles={readableAlertStyles}
          icon={<IconAlertCircle aria-hidden />}
          title={t('vendor.dashboard.loadFailed')}
          role="alert"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('vendor.dashboard.loadFailedBody')}</Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() => void dashboard.refetch()}
              loading={dashboard.isRefetching}
            >
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    )
  }
  return <DashboardView data={dashboard.data} />
}

function DashboardView({ data: { vendor, stats } }: { data: VendorDashboard }) {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" maw={1200} className={classes.page}>
      <DashboardHeading shopName={vendor.shopName} />

      <StatusNotice status={vendor.status} />

      <section aria-labelledby="dashboard-overview">
        <VisuallyHidden>
          <h2 id="dashboard-overview">{t('vendor.dashboard.overview')}</h2>
        </VisuallyHidden>
        {/* Every figure comes from the server (aggregates in the database), never summed in the browser. */}
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" m={0}>
          <StatCard
            label={t('vendor.dashboard.stats.products')}
            value={stats.products.toLocaleString('en-US')}
            hint={t('vendor.dashboard.stats.productsHint')}
            icon={IconPackage}
            color="cyan"
          />
          <StatCard
            label={t('vendor.dashboard.stats.orders')}
            value={stats.orders.toLocaleString('en-US')}
            hint={t('vendor.dashboard.stats.ordersHint')}
            icon={IconShoppingCart}
            color="indigo"
          />
          <StatCard
            label={t('vendor.dashboard.stats.revenue')}
            value={<Money amount={stats.revenue} />}
            hint={t('vendor.dashboard.stats.revenueHint')}
            icon={IconCash}
            color="green"
          />
          <StatCard
            label={t('vendor.dashboard.stats.pendingPayouts')}
            value={<Money amount={stats.pendingPayouts} />}
            hint={t('vendor.dashboard.stats.pendingPayoutsHint')}
            icon={IconClockDollar}
            color="orange"
          />
        </SimpleGrid>
      </section>

      <section aria-labelledby="dashboard-quick-actions">
        <Title order={2} size="h4" mb="sm" id="dashboard-quick-actions">
          {t('vendor.dashboard.quickActions')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Button
            component={Link}
            to="/vendor/products"
            variant="default"
            size="md"
            leftSection={<IconPackage size={20} aria-hidden />}
          >
            {t('vendor.dashboard.actions.products')}
          </Button>
          <Button
            component={Link}
            to="/vendor/orders"
            variant="default"
            size="md"
            leftSection={<IconReceipt size={20} aria-hidden />}
          >
            {t('vendor.dashboard.actions.orders')}
          </Button>
          <Button
            component={Link}
            to="/vendor/payouts"
            variant="default"
            size="md"
            leftSection={<IconWallet size={20} aria-hidden />}
          >
            {t('vendor.dashboard.actions.payouts')}
          </Button>
        </SimpleGrid>
      </section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper component="section" withBorder p="md" radius="md" aria-labelledby="dashboard-shop-info">
          <Stack gap="md">
            <Title order={2} size="h4" id="dashboard-shop-info">
              {t('vendor.dashboard.shopInfo')}
            </Title>
            <DataList orientation="horizontal" size="sm" gap="xs" labelWidth={140}>
              <DataList.Item>
                <DataList.ItemLabel>{t('vendor.profile.fields.shopName')}</DataList.ItemLabel>
                <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>
                  {vendor.shopName}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('vendor.profile.fields.status')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <StatusBadge status={vendor.status} />
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('vendor.profile.fields.businessAddress')}</DataList.ItemLabel>
                <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>
                  {vendor.businessAddress}
                </DataList.ItemValue>
              </DataList.Item>
            </DataList>
            <Anchor component={Link} to="/vendor/profile" size="sm" fw={600}>
              {t('vendor.dashboard.editProfile')}
            </Anchor>
          </Stack>
        </Paper>
        <SubscriptionCard subscription={vendor.subscription} />
      </SimpleGrid>
    </Stack>
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
  const { t } = useTranslation()
  return (
    <Stack gap="lg" maw={1200} className={classes.page}>
      <DashboardHeading shopName={shopName} />
      <Text role="status">
        <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" aria-hidden>
        <StatCardSkeleton />
        <StatCardSkeleton />
        <StatCardSkeleton />
        <StatCardSkeleton />
      </SimpleGrid>
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
