import { Button, Stack, Text } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { IconSend } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { limits } from '../../../shared/constants'
import { inviteAdminInput } from '../../../shared/schemas/team'
import { useInviteAdmin } from '../../api/team'
import { EmailInput } from '../../components/account-inputs'
import { FlashAlert } from '../../components/flash-alert'
import { serverFieldErrors, useFieldProps } from '../../components/form-errors'
import { FullNameInput } from '../../components/full-name-input'
import { SectionCard } from '../../components/section-card'
import { failureDetail, useFlashMessage } from '../../components/use-flash-message'

/** "Invite an admin": a name and an address; the server mails the link (valid 7 days) and the list shows them. */
export function InviteSection() {
  const { t } = useTranslation()
  const invite = useInviteAdmin()
  const feedback = useFlashMessage()
  const form = useForm({
    initialValues: { fullName: '', email: '' },
    validate: schemaResolver(inviteAdminInput, { sync: true }),
  })
  const field = useFieldProps(form)

  const submit = form.onSubmit((values) => {
    feedback.clear()
    invite.mutate(values, {
      onSuccess: (member) => {
        form.reset()
        feedback.success(t('team.invite.sent', { email: member.email }))
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error))
        feedback.error(t('team.invite.failed'), failureDetail(t, error))
      },
    })
  })

  return (
    <SectionCard id="invite-admin" title={t('team.invite.title')}>
      <Text size="sm" c="dimmed">
        {t('team.invite.intro')}
      </Text>
      <FlashAlert flash={feedback.flash} />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={480}>
          <FullNameInput {...field('fullName')} />
          <EmailInput required maxLength={limits.emailMax} {...field('email')} />
          <Button
            type="submit"
            loading={invite.isPending}
            leftSection={<IconSend size={16} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('team.invite.submit')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  )
}
