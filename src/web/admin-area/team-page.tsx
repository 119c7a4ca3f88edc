import { Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../components/page-header'
import { InviteSection } from './team/invite-section'
import { TeamSection } from './team/team-section'

/**
 * /admin/team (beyond the specification, which has one admin): the admins, and an invitation by e-mail for a
 * colleague, so that a second admin can approve the balance adjustments above the threshold. Every change is
 * audited by the server.
 */
export default function AdminTeamPage() {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('team.title')} subtitle={t('team.subtitle')} />
      <TeamSection />
      <InviteSection />
    </Stack>
  )
}
