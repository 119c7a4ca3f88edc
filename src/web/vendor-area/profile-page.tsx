import { Avatar, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { VendorProfile } from '../../shared/schemas/vendor'
import { useVendorProfile } from '../api/vendor'
import { StatusBadge } from '../components/status-badge'
import { BusinessDocumentsSection, LogoSection } from './components/file-sections'
import { useFormatDate } from '../components/format-date'
import { IdentitySection, PayoutInfoSection, PersonalInfoSection } from './components/read-only-sections'
import { LowStockSection } from './components/low-stock-section'
import { ShopInfoSection } from './components/shop-info-section'
import { TaxSection } from './components/tax-section'
import { SmsSection } from './components/sms-section'
import { LoadErrorAlert } from '../components/load-error-alert'
import { LoadingStatus } from '../components/loading-status'

/** /vendor/profile (spec §2 "/vendor/profile", §5, §8 "Profile"). */
export default function VendorProfilePage() {
  const { t } = useTranslation()
  const profile = useVendorProfile()

  if (profile.isPending) return <ProfileSkeleton />
  if (profile.isError) {
    return (
      <Stack gap="md" maw={720}>
        <Title order={1}>{t('vendor.profile.title')}</Title>
        <LoadErrorAlert title={t('vendor.profile.loadFailed')} query={profile} />
      </Stack>
    )
  }
  return <ProfileView profile={profile.data} />
}

function ProfileView({ profile }: { profile: VendorProfile }) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  return (
    <Stack gap="lg" maw={1200}>
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
        <TaxSection profile={profile} />
        <LowStockSection profile={profile} />
        <SmsSection profile={profile} />
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
    <Stack gap="lg" maw={1200}>
      <Title order={1}>{t('vendor.profile.title')}</Title>
      <LoadingStatus />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-hidden>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} h={180} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
