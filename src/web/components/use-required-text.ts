import { useRef, useState } from 'react'

/**
 * A text a confirmation may require (a rejection's reason, a payout's reference): what was typed, and whether a
 * required one was left blank, which typing clears. Spread `field` on a ReasonField, or use its parts.
 */
export function useRequiredText<Element extends HTMLInputElement | HTMLTextAreaElement>() {
  const [text, setText] = useState('')
  const [isMissing, setIsMissing] = useState(false)
  const ref = useRef<Element>(null)
  return {
    field: {
      ref,
      value: text,
      isMissing,
      onChange: (value: string) => {
        setText(value)
        if (value.trim() !== '') setIsMissing(false)
      },
    },
    /**
     * The trimmed text; null when it is required and blank: the field then says so and takes focus, and nothing
     * is sent (the server would refuse it with the same words).
     */
    given: (isRequired: boolean) => {
      const given = text.trim()
      if (!isRequired || given !== '') return given
      setIsMissing(true)
      ref.current?.focus()
      return null
    },
    clearMissing: () => setIsMissing(false),
    reset: () => {
      setText('')
      setIsMissing(false)
    },
  }
}
