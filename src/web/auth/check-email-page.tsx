import { useEffect, useState } from 'react'
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core'
import { IconMail } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { timings } from '../../shared/constants'
import { useResendConfirmation } from '../api/account'
import { ApiError } from '../api/client'
import { AuthCard } from '../components/auth-card'
import { messageText } from '../i18n/keys'
import { paths } from '../paths'

type Notice = { tone: 'green' | 'red'; text: string }

export default function CheckEmailPage() {
  const { t } = useTranslation()
  const location = useLocation()
  const email = (location.state as { email?: string } | null)?.email ?? ''
  const resend = useResendConfirmation()
  const [notice, setNotice] = useState<Notice | null>(null)

  // Success messages clear after 3 seconds (spec §9).
  useEffect(() => {
    if (notice?.tone !== 'green') return
    const timer = setTimeout(() => setNotice(null), timings.successMessageClearMs)
    return () => clearTimeout(timer)
  }, [notice])

  const onResend = () => {
    if (!email) {
      setNotice({ tone: 'red', text: t('auth.checkEmail.emailMissing') })
      return
    }
    resend.mutate(email, {
      onSuccess: () => setNotice({ tone: 'green', text: t('auth.checkEmail.resendSuccess') }),
      onError: (error) =>
        setNotice({
          tone: 'red',
          text:
            error instanceof ApiError && error.code === 'RATE_LIMITED'
              ? messageText(t, error.messageKey, error.params)
              : error instanceof ApiError && error.status > 0
                ? t('auth.checkEmail.resendFailed')
                : t('auth.checkEmail.resendError'),
        }),
    })
  }

  return (
    <AuthCard title={t('auth.checkEmail.title')}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconMail size={32} aria-hidden />
        <Text>{email ? t('auth.checkEmail.sentTo', { email }) : t('auth.checkEmail.sentToUnknown')}</Text>
      </Group>
      <div>
        <Text fw={600} mb={4}>
          {t('auth.checkEmail.nextSteps')}
        </Text>
        <List type="ordered" spacing={4} size="sm">
          <List.Item>{t('auth.checkEmail.step1')}</List.Item>
          <List.Item>{t('auth.checkEmail.step2')}</List.Item>
          <List.Item>{t('auth.checkEmail.step3')}</List.Item>
        </List>
      </div>
      <Text size="sm" c="dimmed">
        {t('auth.checkEmail.noMail')}
      </Text>
      {notice && (
        <Alert color={notice.tone} role={notice.tone === 'red' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
      <Stack gap="xs">
        <Button onClick={onResend} loading={resend.isPending} fullWidth>
          {t('auth.checkEmail.resend')}
        </Button>
        <Button component="a" href="mailto:" variant="default" fullWidth>
          {t('auth.checkEmail.openMail')}
        </Button>
        <Button component={Link} to={paths.login} variant="light" fullWidth>
          {t('auth.goLogin')}
        </Button>
        <Group grow gap="xs">
          <Button component={Link} to={paths.home} variant="subtle" size="sm">
            {t('common.goHome')}
          </Button>
          <Button component={Link} to={paths.support} variant="subtle" size="sm">
            {t('auth.checkEmail.support')}
          </Button>
          <Button component={Link} to={paths.register} variant="subtle" size="sm">
            {t('auth.checkEmail.registerAgain')}
          </Button>
        </Group>
      </Stack>
    </AuthCard>
  )
}
