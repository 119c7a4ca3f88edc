import { Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { lowStockThresholdMax } from '../../../shared/constants'
import { profileUpdateInput, type VendorProfile } from '../../../shared/schemas/vendor'
import { WholeNumberInput } from '../../components/whole-number-input'
import { ProfileEditSection, useProfileEdit, type ProfileEdit } from './profile-edit-section'

type Values = { lowStockThreshold: number | '' }

const lowStockEdit: ProfileEdit<Values> = {
  // The server's own rule for the threshold (profileUpdateInput), so the screen refuses exactly what it would. An
  // emptied field is no number: the rule's own message says what is allowed.
  rule: profileUpdateInput.pick({ lowStockThreshold: true }).required(),
  toInput: ({ lowStockThreshold }) => (lowStockThreshold === '' ? null : { lowStockThreshold }),
  savedKey: 'vendor.profile.lowStock.saved',
  failedKey: 'vendor.profile.lowStock.saveFailed',
}

/**
 * The shop's low-stock threshold (step 10, B.4): a variant with this many or fewer in stock counts as low on the
 * products list and the dashboard. Read-only with Edit, then one whole-number field with Cancel and Save Changes.
 */
export function LowStockSection({ profile }: { profile: VendorProfile }) {
  const { t } = useTranslation()
  const { field, firstFieldRef, section } = useProfileEdit(lowStockEdit, {
    lowStockThreshold: profile.lowStockThreshold,
  })

  return (
    <ProfileEditSection
      id="profile-low-stock"
      title={t('vendor.profile.lowStock.title')}
      section={section}
      // Several Edit buttons on the screen: this one says what it edits.
      editLabel={t('vendor.profile.lowStock.label')}
      fields={
        <WholeNumberInput
          ref={firstFieldRef}
          label={t('vendor.profile.lowStock.label')}
          description={t('vendor.profile.lowStock.hint')}
          required
          max={lowStockThresholdMax}
          clampBehavior="none"
          {...field('lowStockThreshold')}
        />
      }
      view={
        <Stack gap={4}>
          <Text fw={600}>{t('vendor.profile.lowStock.current', { count: profile.lowStockThreshold })}</Text>
          <Text size="sm" c="dimmed">
            {t('vendor.profile.lowStock.hint')}
          </Text>
        </Stack>
      }
    />
  )
}
