import { Anchor, Stack } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { useAdminVendor } from '../api/admin-vendors'
import { Notice } from '../components/notice'
import { PageHeader } from '../components/page-header'
import { StatementSection } from '../components/statement-section'
import { paths } from '../paths'

/**
 * /admin/statements?vendor=<id>: a shop's statement as its vendor reads it (the same section), month by month,
 * with its CSV and PDF. Reached from the shop's details on /admin/vendors.
 */
export default function AdminStatementsPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const vendorId = params.get('vendor')
  const vendor = useAdminVendor(vendorId)
  const shop = vendor.data?.shopName
  return (
    <Stack gap="lg" maw={1200}>
      <Anchor component={Link} to={paths.admin.vendors} size="sm" w="fit-content">
        <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
        {t('statement.admin.back')}
      </Anchor>
      <PageHeader title={shop ? t('statement.admin.title', { shop }) : t('statement.title')} />
      {vendorId ? (
        <StatementSection vendorId={vendorId} />
      ) : (
        <Notice title={t('statement.admin.noShopTitle')}>{t('statement.admin.noShop')}</Notice>
      )}
    </Stack>
  )
}
