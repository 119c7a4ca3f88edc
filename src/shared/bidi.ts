/**
 * Characters that reorder the text around them: the embeddings and overrides U+202A–U+202E, the isolates
 * U+2066–U+2069, the left-to-right and right-to-left marks and the Arabic letter mark. In a name they make
 * "gpj.exe" read as "exe.jpg", and they travel on into every spreadsheet an export writes. No name in
 * English or Kinyarwanda needs one; uploaded file names lose them with every other format character.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g

export const withoutBidiControls = (text: string) => text.replace(BIDI_CONTROLS, '')

/** A name as kept: without the controls above, then without surrounding white space (a control may have hidden it). */
export const plainName = (text: string) => withoutBidiControls(text).trim()
