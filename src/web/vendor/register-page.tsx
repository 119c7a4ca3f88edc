import { Container, Group, Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { useMe } from '../api/account'
import { LanguageToggle } from '../components/language-toggle'
import { Logo } from '../components/logo'
import { NotBuiltNotice } from '../components/not-built-page'
import { RequireRole } from '../components/require-role'
import { SignOutButton } from '../layouts/sign-out-button'

/**
 * /vendor/register, outside the vendor layout: there is no shop to navigate yet.
 * For now a placeholder for the five-step wizard.
 */
export default function VendorRegisterPage() {
  return (
    <RequireRole role="vendor">
      <RegisterShop />
    </RequireRole>
  )
}

function RegisterShop() {
  const { t } = useTranslation()
  const me = useMe().data
  if (!me) return null
  // One shop per vendor: someone already registered goes to their dashboard.
  if (me.vendor) return <Navigate to="/vendor" replace />
  return (
    <Container size="sm" py="md">
      <Stack gap="xl">
        <Group component="header" justify="space-between" wrap="nowrap">
          <Logo size="sm" />
          <Group gap="sm" wrap="nowrap">
            <LanguageToggle />
            <SignOutButton />
          </Group>
        </Group>
        <Stack component="main" gap="md">
          <Title order={1}>{t('vendor.register.title')}</Title>
          <NotBuiltNotice />
        </Stack>
      </Stack>
    </Container>
  )
}
