import { useEffect, useRef, useState, type FormEvent } from 'react'
import {
  Alert,
  Button,
  Flex,
  Paper,
  Progress,
  Stack,
  Stepper,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAlertCircle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { Me } from '../../../shared/schemas/auth'
import { accountKeys } from '../../api/query-keys'
import { ApiError } from '../../api/client'
import { useRegisterVendor } from '../../api/vendor'
import { errorMessage, serverFieldErrors } from '../../components/form-errors'
import { BrandingStep } from './branding-step'
import { DocumentsStep } from './documents-step'
import { PayoutStep } from './payout-step'
import { PersonalStep } from './personal-step'
import classes from './registration-wizard.module.css'
import { ShopStep } from './shop-step'
import {
  initialWizardValues,
  placeServerErrors,
  registrationInput,
  validateStep,
  wizardSteps,
  type WizardValues,
} from './wizard-form'
import { paths } from '../../paths'

const lastStep = wizardSteps.length - 1

/** Where focus goes after the step changes or a step is refused. */
type FocusRequest = { target: 'heading' | 'invalid'; sequence: number }

/** The first field showing an error in the step: an input marked invalid, or a radio group with an error. */
function firstInvalidField(container: HTMLElement | null): HTMLElement | null {
  return container?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-group] input') ?? null
}

/**
 * The five-step shop registration (spec §2): each step is checked with the same schema the server
 * applies before the wizard moves on, and the whole input is sent once, from the last step.
 */
export function RegistrationWizard({ me }: { me: Me }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const register = useRegisterVendor()
  const form = useForm<WizardValues>({ initialValues: initialWizardValues(me.user.fullName) })
  const [active, setActive] = useState(0)
  const [busyUploads, setBusyUploads] = useState<Record<string, boolean>>({})
  // The error itself, not its words: the message follows a change of language.
  const [failure, setFailure] = useState<unknown>(null)
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const stepRef = useRef<HTMLDivElement>(null)

  const isUploading = Object.values(busyUploads).some(Boolean)
  const step = wizardSteps[active] ?? 'personal'

  useEffect(() => {
    if (!focusRequest) return
    const field = focusRequest.target === 'invalid' ? firstInvalidField(stepRef.current) : null
    ;(field ?? headingRef.current)?.focus()
  }, [focusRequest])

  const goTo = (index: number, focus: FocusRequest['target']) => {
    setActive(index)
    setFocusRequest((current) => ({ target: focus, sequence: (current?.sequence ?? 0) + 1 }))
  }

  const setBusy = (key: string, isBusy: boolean) =>
    setBusyUploads((current) => (current[key] === isBusy ? current : { ...current, [key]: isBusy }))

  const previous = () => {
    if (active > 0 && !isUploading) goTo(active - 1, 'heading')
  }

  const complete = () => {
    const values = form.getValues()
    const built = registrationInput(values)
    if (!built.ok) {
      form.setErrors(built.errors)
      goTo(built.step, 'invalid')
      return
    }
    setFailure(null)
    register.mutate(built.input, {
      onSuccess: (profile) => {
        // The dashboard reads the session's vendor summary: fill it now so /vendor does not send us back here.
        queryClient.setQueryData<Me | null>(accountKeys.named('me'), (current) =>
          current
            ? {
                ...current,
                user: { ...current.user, fullName: profile.fullName },
                vendor: { id: profile.id, shopName: profile.shopName, status: profile.status },
              }
            : current,
        )
        void navigate(paths.vendor.dashboard, { replace: true })
      },
      onError: (error) => {
        setFailure(error)
        if (error instanceof ApiError && error.messageKey === 'vendor.register.alreadyRegistered') {
          // A shop exists after all (another tab?): the refreshed session (useRegisterVendor) takes the user to it.
          return
        }
        const placed = placeServerErrors(serverFieldErrors(error), values)
        if (placed.step !== null) {
          form.setErrors(placed.errors)
          goTo(placed.step, 'invalid')
        }
      },
    })
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isUploading || register.isPending) return
    const errors = validateStep(active, form.getValues())
    form.setErrors(errors)
    if (Object.keys(errors).length > 0) {
      setFocusRequest((current) => ({ target: 'invalid', sequence: (current?.sequence ?? 0) + 1 }))
      return
    }
    if (active === lastStep) return complete()
    setFailure(null)
    goTo(active + 1, 'heading')
  }

  const total = wizardSteps.length
  const stepName = (index: number) => t(`vendor.register.stepTitles.${wizardSteps[index]!}`)

  return (
    <Stack gap="md">
      <nav aria-label={t('vendor.register.stepsLabel')}>
        <Stepper
          active={active}
          onStepClick={isUploading ? undefined : (index) => goTo(index, 'heading')}
          allowNextStepsSelect={false}
          size="sm"
          wrap={false}
          classNames={{ stepBody: classes.stepBody, separator: classes.separator }}
        >
          {wizardSteps.map((name, index) => (
            <Stepper.Step
              key={name}
              // Named by what it shows (its number, or a tick once done, and its short label) followed by the
              // rest for a screen reader, so the name contains the visible text (WCAG 2.5.3 Label in Name).
              label={
                <>
                  {t(`vendor.register.steps.${name}`)}
                  <VisuallyHidden>
                    {t(index < active ? 'vendor.register.stepCompleted' : 'vendor.register.stepProgress', {
                      current: index + 1,
                      total,
                      name: stepName(index),
                    })}
                  </VisuallyHidden>
                </>
              }
              aria-current={index === active ? 'step' : undefined}
              aria-disabled={index > active || undefined}
            />
          ))}
        </Stepper>
      </nav>

      <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }} radius="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            <Stack gap={6}>
              <Text size="sm" c="dimmed" fw={500}>
                {t('vendor.register.stepOf', { current: active + 1, total })}
              </Text>
              <Progress
                value={((active + 1) / total) * 100}
                size="sm"
                aria-label={t('vendor.register.progressLabel')}
              />
              <Title order={2} size="h3" mt={6} ref={headingRef} tabIndex={-1} className={classes.heading}>
                {stepName(active)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`vendor.register.stepIntro.${step}`)}
              </Text>
            </Stack>

            <div ref={stepRef}>
              {step === 'personal' && <PersonalStep form={form} email={me.user.email} />}
              {step === 'shop' && <ShopStep form={form} />}
              {step === 'branding' && <BrandingStep form={form} onBusyChange={setBusy} />}
              {step === 'documents' && <DocumentsStep form={form} onBusyChange={setBusy} />}
              {step === 'payout' && <PayoutStep form={form} />}
            </div>

            {failure !== null && (
              <Alert
                color="red"
                icon={<IconAlertCircle aria-hidden />}
                title={t('vendor.register.errorTitle')}
                role="alert"
              >
                {errorMessage(t, failure)}
              </Alert>
            )}

            {isUploading && (
              <Text size="sm" c="dimmed">
                {t('vendor.register.uploadWait')}
              </Text>
            )}

            {/* On a phone the buttons stack, the step's main action on top and full width. */}
            <Flex direction={{ base: 'column-reverse', xs: 'row' }} gap="sm">
              {active > 0 && (
                <Button
                  type="button"
                  variant="default"
                  w={{ base: '100%', xs: 'auto' }}
                  leftSection={<IconChevronLeft size={18} aria-hidden />}
                  disabled={isUploading || register.isPending}
                  onClick={previous}
                >
                  {t('vendor.register.previous')}
                </Button>
              )}
              <Button
                type="submit"
                w={{ base: '100%', xs: 'auto' }}
                ml={{ base: 0, xs: 'auto' }}
                disabled={isUploading}
                loading={register.isPending}
                rightSection={active === lastStep ? undefined : <IconChevronRight size={18} aria-hidden />}
              >
                {active === lastStep ? t('vendor.register.complete') : t('vendor.register.next')}
              </Button>
            </Flex>
          </Stack>
        </form>
      </Paper>
    </Stack>
  )
}
