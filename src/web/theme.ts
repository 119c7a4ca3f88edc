import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  rgba,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core'

/**
 * A light or subtle control given a colour's exact shade (`color="red.9"`: the darkest, for contrast) shows that
 * shade as its text on a faint tint of it. Mantine 9 reads such a colour differently: the shade becomes the solid
 * background of a light control, with text of the same colour (unreadable: the active menu item, the payouts'
 * Approve and Reject, an order's Delete), and a subtle control's text is lightened to shade 6 (2.7:1 on white).
 * Every other variant and colour is Mantine's own.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input)
  const { variant, theme } = input
  if (variant !== 'light' && variant !== 'subtle') return resolved
  const parsed = parseThemeColor({ color: input.color || theme.primaryColor, theme })
  if (!parsed.isThemeColor || parsed.shade === undefined) return resolved
  const shade = theme.colors[parsed.color]![parsed.shade]!
  return {
    ...resolved,
    background: variant === 'light' ? rgba(shade, 0.1) : 'transparent',
    hover: rgba(shade, 0.12),
    color: shade,
  }
}

export const theme = createTheme({
  // Dialogs, drawers and menus appear without sliding or fading for whoever asked their system for less motion
  // (prefers-reduced-motion), as WCAG 2.3.3 asks.
  respectReducedMotion: true,
  primaryColor: 'cyan',
  // cyan.9 with white text is 5.5:1 (cyan.8 was 4.3:1, under WCAG AA's 4.5:1).
  primaryShade: { light: 9, dark: 7 },
  // Mantine's green, with a darker shade 9: white on its #2b8a3e reads 4.4:1, under WCAG AA's 4.5:1 for the
  // Approve buttons and success badges; #237032 reads 6:1.
  colors: {
    // Likewise orange: white on its shade 9 (#d9480f) reads 4.3:1; #b63c0c reads 5.6:1.
    orange: [
      '#fff4e6',
      '#ffe8cc',
      '#ffd8a8',
      '#ffc078',
      '#ffa94d',
      '#ff922b',
      '#fd7e14',
      '#f76707',
      '#e8590c',
      '#b63c0c',
    ],
    green: [
      '#ebfbee',
      '#d3f9d8',
      '#b2f2bb',
      '#8ce99a',
      '#69db7c',
      '#51cf66',
      '#40c057',
      '#37b24d',
      '#2f9e44',
      '#237032',
    ],
  },
  variantColorResolver,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    // A light Alert's title takes its colour's shade 9 on shade 1, which for yellow, orange and green stays
    // below WCAG AA (2.7:1 to 3.8:1). Titles are written in the text colour; the tint and icon keep the meaning.
    // (A plain object, not Alert.extend: the theme loads with every screen, the Alert component need not.)
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } },
  },
})

/**
 * Secondary ("dimmed") text and error text dark enough to read in sunlight on a phone, everywhere: Mantine's
 * own gray-6 and red-6 read at 3.3:1 on white, below WCAG AA's 4.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
})
