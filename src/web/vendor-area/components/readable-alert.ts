/**
 * A light Alert's title takes its colour's shade 9 on shade 1, which for yellow, orange and green stays below
 * WCAG AA (2.7:1 to 3.8:1). The title is written in the text colour; the tint and the icon keep the meaning.
 */
export const readableAlertStyles = { title: { color: 'var(--mantine-color-text)' } }
