import { createTheme, type CSSVariablesResolver } from '@mantine/core'

export const theme = createTheme({
  primaryColor: 'cyan',
  // cyan.9 with white text is 5.5:1 (cyan.8 was 4.3:1, under WCAG AA's 4.5:1).
  primaryShade: { light: 9, dark: 7 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
})

/** Secondary ("dimmed") text and error text dark enough to read in sunlight on a phone (≥ 4.5:1 on white). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
})
