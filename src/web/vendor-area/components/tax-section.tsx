import { Checkbox, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { profileUpdateInput, type VendorProfile } from '../../../shared/schemas/vendor'
import { FieldList } from '../../components/field-list'
import { NoneText } from '../../components/none-text'
import { ProfileEditSection, useProfileEdit, type ProfileEdit } from './profile-edit-section'

type Values = { tin: string; vatRegistered: boolean }

const taxEdit: ProfileEdit<Values> = {
  // The server's own rules (a TIN is 9 digits, or none), so the screen refuses exactly what it would.
  rule: profileUpdateInput.pick({ tin: true, vatRegistered: true }),
  // A TIN left empty clears the stored one.
  toInput: ({ tin, vatRegistered }) => ({ tin: tin.trim() || null, vatRegistered }),
  savedKey: 'vendor.tax.saved',
  failedKey: 'vendor.tax.saveFailed',
}

/**
 * The shop's tax identity (step 11): its TIN at the Rwanda Revenue Authority and whether it is registered for VAT.
 * Read-only with Edit, then a form with Cancel and Save Changes.
 */
export function TaxSection({ profile }: { profile: VendorProfile }) {
  const { t } = useTranslation()
  const { field, firstFieldRef, section } = useProfileEdit(taxEdit, {
    tin: profile.tin ?? '',
    vatRegistered: profile.vatRegistered,
  })
  const { value: isVatRegistered, ...vat } = field('vatRegistered')
  return (
    <ProfileEditSection
      id="profile-tax"
      title={t('vendor.tax.title')}
      section={section}
      editLabel={t('vendor.tax.title')}
      fields={
        <>
          <TextInput
            ref={firstFieldRef}
            label={t('vendor.tax.tin')}
            description={t('vendor.tax.tinHint')}
            inputMode="numeric"
            autoComplete="off"
            {...field('tin')}
          />
          <Checkbox
            label={t('vendor.tax.vatRegistered')}
            description={t('vendor.tax.vatRegisteredHint')}
            {...vat}
            checked={Boolean(isVatRegistered)}
          />
        </>
      }
      view={
        <FieldList
          labelWidth={150}
          fields={[
            {
              label: t('vendor.tax.tin'),
              value: profile.tin ?? <NoneText inline>{t('common.notSet')}</NoneText>,
            },
            { label: t('vendor.tax.vat'), value: t(profile.vatRegistered ? 'common.yes' : 'common.no') },
          ]}
        />
      }
    />
  )
}
