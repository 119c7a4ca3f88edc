import type { ReactNode } from 'react'
import { Chip, ColorSwatch, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { clothingSizes, colors, shoeSizes, type Color, type Size } from '../../../shared/constants'
import { isClothingSize, isShoeSize, sortColors, sortSizes } from './product-form'
import classes from './products.module.css'

/** What each colour looks like on screen; its name always stands beside it, so no one has to tell hues apart. */
export const colorSwatches: Record<Color, string> = {
  white: '#ffffff',
  black: '#111111',
  yellow: '#fcc419',
  red: '#e03131',
  blue: '#1c7ed6',
  green: '#2f9e44',
  purple: '#9c36b5',
  pink: '#f06595',
  orange: '#fd7e14',
  gray: '#868e96',
  brown: '#8b5a2b',
  navy: '#1b2a6b',
  teal: '#0ca678',
  indigo: '#4c6ef5',
  rose: '#e64980',
  lime: '#82c91e',
  cyan: '#15aabf',
  amber: '#f59f00',
  emerald: '#099268',
  violet: '#7048e8',
}

/** Clothing sizes read as labels (XS … XXXL); shoe sizes are numbers already. */
export const sizeLabel = (size: Size) => (isClothingSize(size) ? size.toUpperCase() : size)

/**
 * The colour and size choices as groups of toggle chips (each a real checkbox with its name), inside fieldsets
 * whose legends name them. The rule's message is tied to both groups so it is read with either.
 */
export function VariantOptions({
  selectedColors,
  selectedSizes,
  onColorsChange,
  onSizesChange,
  error,
  errorId,
  disabled,
}: {
  selectedColors: Color[]
  selectedSizes: Size[]
  onColorsChange: (value: Color[]) => void
  onSizesChange: (value: Size[]) => void
  error?: string
  errorId: string
  disabled?: boolean
}) {
  const { t } = useTranslation()
  const clothing = selectedSizes.filter(isClothingSize)
  const shoes = selectedSizes.filter(isShoeSize)
  const fieldsetProps = { describedBy: error ? errorId : undefined, disabled }

  return (
    <Stack gap="md">
      <OptionsFieldset legend={t('vendor.products.fields.colors')} {...fieldsetProps}>
        <Chip.Group
          multiple
          value={selectedColors}
          onChange={(value) => onColorsChange(sortColors(value as Color[]))}
        >
          <Group gap={6}>
            {colors.map((color) => (
              <Chip key={color} value={color} size="sm" variant="outline">
                <span className={classes.swatchLabel}>
                  <ColorSwatch
                    component="span"
                    color={colorSwatches[color]}
                    size={14}
                    withShadow
                    aria-hidden
                  />
                  {t(`colors.${color}`)}
                </span>
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </OptionsFieldset>

      <OptionsFieldset legend={t('vendor.products.fields.sizes')} {...fieldsetProps}>
        <Stack gap="xs">
          <SizeGroup
            label={t('vendor.products.fields.clothingSizes')}
            options={clothingSizes}
            value={clothing}
            onChange={(value) => onSizesChange(sortSizes([...value, ...shoes]))}
          />
          <SizeGroup
            label={t('vendor.products.fields.shoeSizes')}
            options={shoeSizes}
            value={shoes}
            onChange={(value) => onSizesChange(sortSizes([...clothing, ...value]))}
          />
        </Stack>
      </OptionsFieldset>

      {error && (
        <Text id={errorId} size="sm" c="red.9" fw={500}>
          {error}
        </Text>
      )}
    </Stack>
  )
}

/** A required group of choices, named by its legend; the rule's message (describedBy) is read with it. */
function OptionsFieldset({
  legend,
  describedBy,
  disabled,
  children,
}: {
  legend: string
  describedBy: string | undefined
  disabled: boolean | undefined
  children: ReactNode
}) {
  return (
    <fieldset className={classes.options} aria-describedby={describedBy} disabled={disabled}>
      <Text component="legend" size="sm" fw={500} className={classes.legend}>
        {legend}{' '}
        <Text span c="red.9" aria-hidden>
          *
        </Text>
      </Text>
      {children}
    </fieldset>
  )
}

function SizeGroup({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: readonly Size[]
  value: Size[]
  onChange: (value: Size[]) => void
}) {
  return (
    <div role="group" aria-label={label}>
      <Text size="xs" c="dimmed" mb={4} aria-hidden>
        {label}
      </Text>
      <Chip.Group multiple value={value} onChange={(next) => onChange(next as Size[])}>
        <Group gap={6}>
          {options.map((size) => (
            <Chip key={size} value={size} size="sm" variant="outline">
              {sizeLabel(size)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </div>
  )
}
