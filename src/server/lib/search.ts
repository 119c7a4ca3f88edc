/** LIKE treats % and _ as wildcards: a search for "50%" means the text "50%", anywhere in the value. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
