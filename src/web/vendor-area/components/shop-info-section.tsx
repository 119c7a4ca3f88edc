import { TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { textMax } from '../../../shared/constants'
import { formatPhone } from '../../../shared/phone'
import { profileUpdateInput, type VendorProfile } from '../../../shared/schemas/vendor'
import { StatusBadge } from '../../components/status-badge'
import { FieldList } from '../../components/field-list'
import { PhoneInput } from '../../components/phone-input'
import { ProfileEditSection, useProfileEdit, type ProfileEdit } from './profile-edit-section'

type ShopInfoValues = { shopName: string; businessAddress: string; phone: string }

const valuesOf = (profile: VendorProfile): ShopInfoValues => ({
  shopName: profile.shopName,
  businessAddress: profile.businessAddress,
  phone: profile.phone ? formatPhone(profile.phone) : '',
})

const shopInfoEdit: ProfileEdit<ShopInfoValues> = {
  rule: profileUpdateInput,
  toInput: (values) => {
    const phone = values.phone.trim()
    return {
      shopName: values.shopName.trim(),
      businessAddress: values.businessAddress.trim(),
      // Spec §5: the phone is saved only if not empty; leaving it empty keeps the stored number.
      ...(phone ? { phone } : {}),
    }
  },
  savedKey: 'vendor.profile.updated',
  failedKey: 'vendor.profile.updateFailed',
}

/** Shop name, business address and phone: read-only with Edit, then a form with Cancel and Save Changes. */
export function ShopInfoSection({ profile }: { profile: VendorProfile }) {
  const { t } = useTranslation()
  const { field, firstFieldRef, section } = useProfileEdit(shopInfoEdit, valuesOf(profile))

  return (
    <ProfileEditSection
      id="profile-shop-info"
      title={t('vendor.profile.shopInfo')}
      section={section}
      fields={
        <>
          <TextInput
            label={t('fields.shopName')}
            required
            autoComplete="organization"
            ref={firstFieldRef}
            {...field('shopName', { max: textMax.shopName })}
          />
          <TextInput
            label={t('fields.businessAddress')}
            required
            autoComplete="street-address"
            {...field('businessAddress', { max: textMax.businessAddress })}
          />
          <PhoneInput
            label={t('vendor.profile.fields.phone')}
            description={t('vendor.profile.phoneHint')}
            {...field('phone')}
          />
        </>
      }
      view={
        <FieldList
          labelWidth={150}
          fields={[
            { label: t('fields.shopName'), value: profile.shopName },
            { label: t('fields.businessAddress'), value: profile.businessAddress },
            {
              label: t('vendor.profile.fields.phone'),
              value: profile.phone ? formatPhone(profile.phone) : t('common.notSet'),
            },
            {
              label: t('fields.status'),
              value: <StatusBadge status={profile.status} />,
            },
          ]}
        />
      }
    />
  )
}
