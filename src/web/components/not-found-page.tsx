import { Button, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AuthCard } from './auth-card'
import { paths } from '../paths'

export default function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <AuthCard title={t('notFound.title')}>
      <Text>{t('notFound.body')}</Text>
      <Button component={Link} to={paths.home}>
        {t('common.goHome')}
      </Button>
    </AuthCard>
  )
}
