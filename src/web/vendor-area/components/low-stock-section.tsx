import { useEffect, useRef, useState } from 'react'
import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { IconPencil } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { lowStockThresholdMax } from '../../../shared/constants'
import { profileUpdateInput, type VendorProfile } from '../../../shared/schemas/vendor'
import { useUpdateVendorProfile } from '../../api/vendor'
import { serverFieldErrors, useFieldProps } from '../../components/form-errors'
import { FlashAlert } from '../../components/flash-alert'
import { failureDetail, useFlashMessage } from '../../components/use-flash-message'
import { WholeNumberInput } from '../../components/whole-number-input'
import { SectionCard } from '../../components/section-card'

type Values = { lowStockThreshold: number | '' }

// The server's own rule for the threshold (profileUpdateInput), so the screen refuses exactly what it would.
const thresholdRule = profileUpdateInput.pick({ lowStockThreshold: true }).required()

/**
 * The shop's low-stock threshold (step 10, B.4): a variant with this many or fewer in stock counts as low on the
 * products list and the dashboard. Read-only with Edit, then one whole-number field with Cancel and Save Changes.
 */
export function LowStockSection({ profile }: { profile: VendorProfile }) {
  const { t } = useTranslation()
  const [isEditing, setIsEditing] = useState(false)
  // The control that was pressed disappears with its mode: focus goes to the field on Edit, back to Edit after.
  const hasToggled = useRef(false)
  const editButtonRef = useRef<HTMLButtonElement>(null)
  const fieldRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (!hasToggled.current) return
    if (isEditing) fieldRef.current?.focus()
    else editButtonRef.current?.focus()
  }, [isEditing])
  const switchMode = (editing: boolean) => {
    hasToggled.current = true
    setIsEditing(editing)
  }
  const update = useUpdateVendorProfile()
  const feedback = useFlashMessage()
  const form = useForm<Values>({
    initialValues: { lowStockThreshold: profile.lowStockThreshold },
    // An emptied field is no number: the rule's own message says what is allowed.
    validate: schemaResolver(thresholdRule, { sync: true }),
  })
  const field = useFieldProps(form)

  const startEditing = () => {
    form.setInitialValues({ lowStockThreshold: profile.lowStockThreshold })
    form.reset()
    feedback.clear()
    switchMode(true)
  }

  const submit = form.onSubmit((values) => {
    feedback.clear()
    if (values.lowStockThreshold === '') return
    update.mutate(
      { lowStockThreshold: values.lowStockThreshold },
      {
        onSuccess: () => {
          switchMode(false)
          feedback.success(t('vendor.profile.lowStock.saved'))
        },
        onError: (error) => {
          form.setErrors(serverFieldErrors(error))
          feedback.error(t('vendor.profile.lowStock.saveFailed'), failureDetail(t, error))
        },
      },
    )
  })

  return (
    <SectionCard
      id="profile-low-stock"
      title={t('vendor.profile.lowStock.title')}
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
            {/* Several Edit buttons on the screen: this one says what it edits. */}
            <VisuallyHidden> {t('vendor.profile.lowStock.label')}</VisuallyHidden>
          </Button>
        )
      }
    >
      {isEditing ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <WholeNumberInput
              ref={fieldRef}
              label={t('vendor.profile.lowStock.label')}
              description={t('vendor.profile.lowStock.hint')}
              required
              max={lowStockThresholdMax}
              clampBehavior="none"
              {...field('lowStockThreshold')}
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
        <Stack gap={4}>
          <Text fw={600}>{t('vendor.profile.lowStock.current', { count: profile.lowStockThreshold })}</Text>
          <Text size="sm" c="dimmed">
            {t('vendor.profile.lowStock.hint')}
          </Text>
        </Stack>
      )}

      <FlashAlert flash={feedback.flash} />
    </SectionCard>
  )
}
