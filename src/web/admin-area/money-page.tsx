import { Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../components/page-header'
import { PreviewSection } from './money/preview-section'
import { RulesSection } from './money/rules-section'
import { SettingsSection } from './money/settings-section'

/**
 * /admin/money, "Commission and fees" (beyond the specification: with no rule, commission is 0 and a shop is paid
 * its completed order totals): the money settings (VAT on commission, the hold on sales, the debt limit, the
 * adjustment approval threshold, the mobile-money batch threshold and low-float warning, the marketplace's name and
 * TIN), the commission rules, and a preview of what a sale would pay now. Every change is audited by the server;
 * sales already completed keep what they were posted with.
 */
export default function AdminMoneyPage() {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('money.title')} subtitle={t('money.subtitle')} />
      <SettingsSection />
      <RulesSection />
      <PreviewSection />
    </Stack>
  )
}
