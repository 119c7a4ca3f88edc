import type { Ref } from 'react'
import { Checkbox, type CheckboxProps, type TextInputProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { profileUpdateInput, type VendorProfile } from '../../../shared/schemas/vendor'
import { FieldList } from '../../components/field-list'
import { NoneText } from '../../components/none-text'
import { TinInput } from '../../components/tin-input'
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
  return (
    <ProfileEditSection
      id="profile-tax"
      title={t('vendor.tax.title')}
      section={section}
      editLabel={t('vendor.tax.title')}
      fields={
        <TaxFields
          tin={{ ref: firstFieldRef, ...field('tin') }}
          vatRegistered={field('vatRegistered', { type: 'checkbox' })}
        />
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

/** The shop's TIN (optional) and whether it is registered for VAT, as the profile and the registration ask them. */
export function TaxFields({
  tin,
  vatRegistered,
}: {
  tin: TextInputProps & { ref?: Ref<HTMLInputElement> }
  vatRegistered: CheckboxProps
}) {
  const { t } = useTranslation()
  return (
    <>
      <TinInput label={t('vendor.tax.tin')} description={t('vendor.tax.tinHint')} {...tin} />
      <Checkbox
        label={t('vendor.tax.vatRegistered')}
        description={t('vendor.tax.vatRegisteredHint')}
        {...vatRegistered}
      />
    </>
  )
}
