import { useState } from 'react'
import { Anchor } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { tokenInput } from '../../shared/schemas/auth'
import { acceptInvitationInput } from '../../shared/schemas/team'
import { useAcceptInvitation } from '../api/team'
import { AuthCard } from '../components/auth-card'
import { showToast } from '../components/show-toast'
import { paths } from '../paths'
import { AuthAlert, AuthForm, NewPasswordFields, useAuthSubmit } from './auth-form'

/** The invitation's link carries the token in its fragment (kept out of access logs), as the setup link does. */
function readToken(): string {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? ''
}

/** A link that can no longer work: another try with the same one would fail again. */
const deadLinkKeys = ['errors.teamLinkInvalid', 'errors.teamLinkExpired', 'errors.teamLinkUsed']

/**
 * /setup/invitation#token=…, the link an admin's invitation mails: the invitee chooses a password (typed twice,
 * under the registration rules), then signs in. Their name and address were given by the inviting admin.
 */
export default function SetupInvitationPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [token] = useState(readToken)
  const hasToken = tokenInput.safeParse({ token }).success
  const accept = useAcceptInvitation()
  const form = useForm({
    initialValues: { token, password: '', confirmPassword: '' },
    validate: schemaResolver(acceptInvitationInput, { sync: true }),
  })
  const { submit, failure } = useAuthSubmit(form, accept, {
    onSuccess: () => {
      showToast({ color: 'green', message: t('team.accept.success') })
      navigate(paths.login, { replace: true })
    },
    deadLinkKeys,
  })

  return (
    <AuthCard title={t('team.accept.title')} subtitle={hasToken ? t('team.accept.intro') : undefined}>
      {!hasToken && <AuthAlert kind="error">{t('team.accept.missingToken')}</AuthAlert>}
      {failure && <AuthAlert kind="error">{failure.text}</AuthAlert>}
      {hasToken && !failure?.isLinkDead && (
        <AuthForm onSubmit={submit} submitLabel={t('team.accept.submit')} isPending={accept.isPending}>
          <NewPasswordFields label={t('fields.password')} form={form} />
        </AuthForm>
      )}
      <Anchor component={Link} to={paths.login} size="sm">
        {t('auth.register.loginLink')}
      </Anchor>
    </AuthCard>
  )
}
