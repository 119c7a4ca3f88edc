import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { Button, Group, Stack, VisuallyHidden } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { IconPencil } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useUpdateVendorProfile } from '../../api/vendor'
import { serverFieldErrors, useFieldProps } from '../../components/form-errors'
import { FlashAlert } from '../../components/flash-alert'
import { type Flash, failureDetail, useFlashMessage } from '../../components/use-flash-message'
import { SectionCard } from '../../components/section-card'
import type { TextKey } from '../../i18n/keys'

type ProfileInput = Parameters<ReturnType<typeof useUpdateVendorProfile>['mutate']>[0]

/** What one editable card of the profile edits, and what it says after a save. */
export type ProfileEdit<Values> = {
  /** The server's own rule for these fields, so the screen refuses exactly what the server would. */
  rule: Parameters<typeof schemaResolver>[0]
  /** What to send; null sends nothing (the field's own rule says why). */
  toInput: (values: Values) => ProfileInput | null
  savedKey: TextKey
  failedKey: TextKey
}

/** The state of one editable card: its mode, where focus goes between modes, and what Save and Cancel do. */
export type ProfileEditState = {
  isEditing: boolean
  isSaving: boolean
  editButtonRef: RefObject<HTMLButtonElement | null>
  startEditing: () => void
  cancel: () => void
  submit: (event?: React.FormEvent<HTMLFormElement>) => void
  flash: Flash | null
}

/**
 * One card of the profile that reads as text with Edit, then turns into a form with Cancel and Save Changes: the
 * form starts from the profile as it is now, a save goes through the profile update, and the server's refusal
 * lands on its fields and in the card's message.
 */
export function useProfileEdit<Values extends Record<string, unknown>>(
  { rule, toInput, savedKey, failedKey }: ProfileEdit<Values>,
  /** The form's values from the profile as it stands now: each Edit starts from them. */
  values: Values,
) {
  const { t } = useTranslation()
  const [isEditing, setIsEditing] = useState(false)
  // The control that was pressed disappears with the mode it belonged to: focus moves to the first field on
  // Edit, and back to Edit on Cancel or save, rather than falling to the top of the page.
  const hasToggled = useRef(false)
  const editButtonRef = useRef<HTMLButtonElement>(null)
  const firstFieldRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (!hasToggled.current) return
    if (isEditing) firstFieldRef.current?.focus()
    else editButtonRef.current?.focus()
  }, [isEditing])
  const switchMode = (editing: boolean) => {
    hasToggled.current = true
    setIsEditing(editing)
  }
  const update = useUpdateVendorProfile()
  const feedback = useFlashMessage()
  const form = useForm<Values>({ initialValues: values, validate: schemaResolver(rule, { sync: true }) })
  const field = useFieldProps(form)

  const startEditing = () => {
    form.setInitialValues(values)
    form.reset()
    feedback.clear()
    switchMode(true)
  }

  const submit = form.onSubmit((values) => {
    feedback.clear()
    const input = toInput(values)
    if (input === null) return
    update.mutate(input, {
      onSuccess: () => {
        switchMode(false)
        feedback.success(t(savedKey))
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error))
        feedback.error(t(failedKey), failureDetail(t, error))
      },
    })
  })

  const section: ProfileEditState = {
    isEditing,
    isSaving: update.isPending,
    editButtonRef,
    startEditing,
    cancel: () => switchMode(false),
    submit,
    flash: feedback.flash,
  }
  return { field, firstFieldRef, section }
}

type ProfileEditSectionProps = {
  id: string
  title: ReactNode
  section: ProfileEditState
  /** Said to a screen reader after Edit, where the screen has several Edit buttons. */
  editLabel?: string
  /** The form's fields, above Cancel and Save Changes. */
  fields: ReactNode
  /** What the card shows when not editing. */
  view: ReactNode
}

/** The card of useProfileEdit: Edit beside the title, the read-only view or the form, and the card's message. */
export function ProfileEditSection({ section, editLabel, fields, view, ...card }: ProfileEditSectionProps) {
  const { t } = useTranslation()
  return (
    <SectionCard
      {...card}
      aside={
        !section.isEditing && (
          <Button
            ref={section.editButtonRef}
            variant="light"
            size="xs"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={section.startEditing}
          >
            {t('actions.edit')}
            {editLabel && <VisuallyHidden> {editLabel}</VisuallyHidden>}
          </Button>
        )
      }
    >
      {section.isEditing ? (
        <form onSubmit={section.submit} noValidate>
          <Stack gap="sm">
            {fields}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={section.cancel} disabled={section.isSaving}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={section.isSaving}>
                {t('actions.saveChanges')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        view
      )}

      <FlashAlert flash={section.flash} />
    </SectionCard>
  )
}
