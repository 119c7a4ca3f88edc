import { Button } from '@mantine/core'
import { IconLogout } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useLogout } from '../api/account'

/** Signs out and returns to / (spec: "a sign-out that returns to /"), which then shows the sign-in screen. */
export function SignOutButton() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const logout = useLogout()
  // onSettled, not onSuccess: the session is dropped locally even if the server call fails.
  const signOut = () => logout.mutate(undefined, { onSettled: () => navigate('/') })
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconLogout size={16} aria-hidden />}
      loading={logout.isPending}
      onClick={signOut}
    >
      {t('nav.signOut')}
    </Button>
  )
}
