import {
  Alert,
  Avatar,
  Button,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import type { VendorProfile } from '../../shared/schemas/vendor'
import { useMe } from '../api/account'
import { ApiError } from '../api/client'
import { useVendorProfile } from '../api/vendor'
import { StatusBadge } from '../components/status-badge'
import { BusinessDocumentsSection, LogoSection } from './components/file-sections'
import { useFormatDate } from '../components/format-date'
import { IdentitySection, PayoutInfoSection, PersonalInfoSection } from './components/read-only-sections'
import { readableAlertStyles } from './components/readable-alert'
import { ShopInfoSection } from './components/shop-info-section'
import classes from './components/vendor-page.module.css'

/** /vendor/profile (spec §2 "/vendor/profile", §5, §8 "Profile"). */
export default function VendorProfilePage() {
  const me = useMe().data
  if (!me) return null
  if (!me.vendor) return <Navigate to="/vendor/register" replace />
  return <Profile />
}

function Profile() {
  const { t } = useTranslation()
  const profile = useVendorProfile()

  if (profile.error instanceof ApiError && profile.error.messageKey === 'vendor.notRegistered') {
    return <Navigate to="/vendor/register" replace />
  }
  if (profile.isPending) return <ProfileSkeleton />
  if (profile.isError) {
    return (
      <Stack gap="md" maw={720} className={classes.page}>
        <Title order={1}>{t('vendor.profile.title')}</Title>
        <Alert
          color="red"
          variant="light"
          styles={readableAlertStyles}
          icon={<IconAlertCircle aria-hidden />}
          title={t('vendor.profile.loadFailed')}
          role="alert"
        >
          <Button
            size="xs"
            variant="white"
            color="red"
            onClick={() => void profile.refetch()}
            loading={profile.isRefetching}
          >
            {t('common.retry')}
          </Button>
        </Alert>
      </Stack>
    )
  }
  return <ProfileView profile={profile.data} />
}

function ProfileView({ profile }: { profile: VendorProfile }) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  return (
    <Stack gap="lg" maw={1200} className={classes.page}>
      <Group component="header" gap="md" wrap="nowrap" align="center">
        <Avatar src={profile.shopLogo} alt="" size={64} radius="md" color="cyan" variant="light">
          {profile.shopName.slice(0, 2).toUpperCase()}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Title order={1}>{t('vendor.profile.title')}</Title>
          <Group gap="xs" mt={4}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {profile.shopName}
            </Text>
            <StatusBadge status={profile.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('vendor.profile.memberSince', { date: formatDate(profile.createdAt) })}
          </Text>
        </div>
      </Group>

      {/* Cards keep their own height: a short card beside a long one should not stretch into empty space. */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <PersonalInfoSection profile={profile} />
        <ShopInfoSection profile={profile} />
        <LogoSection profile={profile} />
        <BusinessDocumentsSection profile={profile} />
        <IdentitySection profile={profile} />
        <PayoutInfoSection profile={profile} />
      </SimpleGrid>
    </Stack>
  )
}

function ProfileSkeleton() {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" maw={1200} className={classes.page}>
      <Title order={1}>{t('vendor.profile.title')}</Title>
      <Text role="status">
        <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-hidden>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} h={180} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
