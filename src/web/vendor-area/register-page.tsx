import { Container, Group, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { useMe } from '../api/account'
import { LanguageToggle } from '../components/language-toggle'
import { Logo } from '../components/logo'
import { SignOutButton } from '../layouts/sign-out-button'
import { RegistrationWizard } from './register/registration-wizard'
import { paths } from '../paths'

/** /vendor/register, for vendors only, outside the vendor layout: there is no shop to navigate yet. */
export default function VendorRegisterPage() {
  const { t } = useTranslation()
  const me = useMe().data
  if (!me) return null
  // One shop per vendor: someone already registered goes to their dashboard.
  if (me.vendor) return <Navigate to={paths.vendor.dashboard} replace />
  return (
    <Container size="md" px={{ base: 'sm', sm: 'md' }} py="md">
      <Stack gap="lg">
        <Group component="header" justify="space-between" wrap="nowrap">
          <Logo size="sm" />
          <Group gap="sm" wrap="nowrap">
            <LanguageToggle />
            <SignOutButton />
          </Group>
        </Group>
        <Stack component="main" id="main" gap="md">
          <div>
            <Title order={1} size="h2">
              {t('vendor.register.title')}
            </Title>
            <Text c="dimmed">{t('vendor.register.intro')}</Text>
          </div>
          <RegistrationWizard me={me} />
        </Stack>
      </Stack>
    </Container>
  )
}
