import { Checkbox } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { VendorProfile } from '../../../shared/schemas/vendor'
import { FieldList } from '../../components/field-list'
import { ProfileEditSection, useProfileEdit, type ProfileEdit } from './profile-edit-section'

type Values = { isTexted: boolean }

const smsEdit: ProfileEdit<Values> = {
  // The screen asks "text me"; the server keeps the opt-out (profileUpdateInput.smsOptOut).
  rule: z.object({ isTexted: z.boolean() }),
  toInput: ({ isTexted }) => ({ smsOptOut: !isTexted }),
  savedKey: 'vendor.sms.saved',
  failedKey: 'vendor.sms.saveFailed',
}

/**
 * Whether the shop is texted when a payout is paid or fails and when a plan's fee is received (docs/payments.md);
 * mail tells them either way. Read-only with Edit, then a form with Cancel and Save Changes.
 */
export function SmsSection({ profile }: { profile: VendorProfile }) {
  const { t } = useTranslation()
  const { field, firstFieldRef, section } = useProfileEdit(smsEdit, { isTexted: !profile.smsOptOut })
  return (
    <ProfileEditSection
      id="profile-sms"
      title={t('vendor.sms.title')}
      section={section}
      editLabel={t('vendor.sms.title')}
      fields={
        <Checkbox
          ref={firstFieldRef}
          label={t('vendor.sms.texted')}
          description={t('vendor.sms.textedHint')}
          {...field('isTexted', { type: 'checkbox' })}
        />
      }
      view={
        <FieldList
          labelWidth={150}
          fields={[
            { label: t('vendor.sms.texted'), value: t(profile.smsOptOut ? 'common.no' : 'common.yes') },
          ]}
        />
      }
    />
  )
}
