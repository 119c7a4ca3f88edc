import { useEffect, useRef, useState } from 'react'
import { Button, Group, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { IconPencil } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { textMax } from '../../../shared/constants'
import { formatPhone } from '../../../shared/phone'
import { profileUpdateInput, type VendorProfile } from '../../../shared/schemas/vendor'
import { useUpdateVendorProfile } from '../../api/vendor'
import { serverFieldErrors, useFieldProps } from '../../components/form-errors'
import { StatusBadge } from '../../components/status-badge'
import { FlashAlert } from '../../components/flash-alert'
import { failureDetail, useFlashMessage } from '../../components/use-flash-message'
import { FieldList } from '../../components/field-list'
import { PhoneInput } from '../../components/phone-input'
import { SectionCard } from '../../components/section-card'

type ShopInfoValues = { shopName: string; businessAddress: string; phone: string }

const valuesOf = (profile: VendorProfile): ShopInfoValues => ({
  shopName: profile.shopName,
  businessAddress: profile.businessAddress,
  phone: profile.phone ? formatPhone(profile.phone) : '',
})

/** Shop name, business address and phone: read-only with Edit, then a form with Cancel and Save Changes. */
export function ShopInfoSection({ profile }: { profile: VendorProfile }) {
  const { t } = useTranslation()
  const [isEditing, setIsEditing] = useState(false)
  // The control that was pressed disappears with the mode it belonged to: focus moves to the first field on
  // Edit, and back to Edit on Cancel or save, rather than falling to the top of the page.
  const hasToggled = useRef(false)
  const editButtonRef = useRef<HTMLButtonElement>(null)
  const shopNameRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (!hasToggled.current) return
    if (isEditing) shopNameRef.current?.focus()
    else editButtonRef.current?.focus()
  }, [isEditing])
  const switchMode = (editing: boolean) => {
    hasToggled.current = true
    setIsEditing(editing)
  }
  const update = useUpdateVendorProfile()
  const feedback = useFlashMessage()
  const form = useForm<ShopInfoValues>({
    initialValues: valuesOf(profile),
    // The server's own rule (profileUpdateInput), so the screen refuses exactly what the server would.
    validate: schemaResolver(profileUpdateInput, { sync: true }),
  })
  const field = useFieldProps(form)

  const startEditing = () => {
    form.setInitialValues(valuesOf(profile))
    form.reset()
    feedback.clear()
    switchMode(true)
  }

  const submit = form.onSubmit((values) => {
    feedback.clear()
    const phone = values.phone.trim()
    update.mutate(
      {
        shopName: values.shopName.trim(),
        businessAddress: values.businessAddress.trim(),
        // Spec §5: the phone is saved only if not empty; leaving it empty keeps the stored number.
        ...(phone ? { phone } : {}),
      },
      {
        onSuccess: () => {
          switchMode(false)
          feedback.success(t('vendor.profile.updated'))
        },
        onError: (error) => {
          form.setErrors(serverFieldErrors(error))
          feedback.error(t('vendor.profile.updateFailed'), failureDetail(t, error))
        },
      },
    )
  })

  return (
    <SectionCard
      id="profile-shop-info"
      title={t('vendor.profile.shopInfo')}
      aside={
        !isEditing && (
          <Button
            ref={editButtonRef}
            variant="light"
            size="xs"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={startEditing}
          >
            {t('actions.edit')}
          </Button>
        )
      }
    >
      {isEditing ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('fields.shopName')}
              required
              autoComplete="organization"
              ref={shopNameRef}
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
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => switchMode(false)} disabled={update.isPending}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={update.isPending}>
                {t('actions.saveChanges')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
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
      )}

      <FlashAlert flash={feedback.flash} />
    </SectionCard>
  )
}
