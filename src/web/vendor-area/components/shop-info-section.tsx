import { useEffect, useRef, useState } from 'react'
import { Button, DataList, Group, Paper, Stack, TextInput, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { IconPencil } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatPhone } from '../../../shared/phone'
import { profileUpdateInput, type VendorProfile } from '../../../shared/schemas/vendor'
import { useUpdateVendorProfile } from '../../api/vendor'
import { fieldError, serverFieldErrors } from '../../components/form-errors'
import { StatusBadge } from '../../components/status-badge'
import { FlashAlert } from './flash-alert'
import { failureDetail, useFlashMessage } from './use-flash-message'

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
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="profile-shop-info">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Title order={2} size="h4" id="profile-shop-info">
            {t('vendor.profile.shopInfo')}
          </Title>
          {!isEditing && (
            <Button
              ref={editButtonRef}
              variant="light"
              size="xs"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={startEditing}
            >
              {t('vendor.profile.edit')}
            </Button>
          )}
        </Group>

        {isEditing ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t('vendor.profile.fields.shopName')}
                required
                autoComplete="organization"
                ref={shopNameRef}
                {...form.getInputProps('shopName')}
                error={fieldError(t, form.errors.shopName)}
              />
              <TextInput
                label={t('vendor.profile.fields.businessAddress')}
                required
                autoComplete="street-address"
                {...form.getInputProps('businessAddress')}
                error={fieldError(t, form.errors.businessAddress)}
              />
              <TextInput
                label={t('vendor.profile.fields.phone')}
                description={t('vendor.profile.phoneHint')}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                {...form.getInputProps('phone')}
                error={fieldError(t, form.errors.phone)}
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => switchMode(false)} disabled={update.isPending}>
                  {t('vendor.profile.cancel')}
                </Button>
                <Button type="submit" loading={update.isPending}>
                  {t('vendor.profile.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <DataList orientation="horizontal" size="sm" gap="xs" labelWidth={150}>
            <DataList.Item>
              <DataList.ItemLabel>{t('vendor.profile.fields.shopName')}</DataList.ItemLabel>
              <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{profile.shopName}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('vendor.profile.fields.businessAddress')}</DataList.ItemLabel>
              <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>
                {profile.businessAddress}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('vendor.profile.fields.phone')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {profile.phone ? formatPhone(profile.phone) : t('common.notSet')}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('vendor.profile.fields.status')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <StatusBadge status={profile.status} />
              </DataList.ItemValue>
            </DataList.Item>
          </DataList>
        )}

        <FlashAlert flash={feedback.flash} />
      </Stack>
    </Paper>
  )
}
