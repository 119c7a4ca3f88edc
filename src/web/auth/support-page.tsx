import { Button, Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AuthCard } from '../components/auth-card'
import { paths } from '../paths'

export default function SupportPage() {
  const { t } = useTranslation()
  return (
    <AuthCard title={t('support.title')}>
      <Text>{t('support.body')}</Text>
      <Text size="sm" c="dimmed">
        {t('support.noAccess')}
      </Text>
      <Group>
        <Button component={Link} to={paths.login}>
          {t('auth.goLogin')}
        </Button>
        <Button component={Link} to={paths.register} variant="default">
          {t('auth.checkEmail.registerAgain')}
        </Button>
      </Group>
    </AuthCard>
  )
}
