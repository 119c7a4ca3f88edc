import { schemaResolver, type FormErrors } from '@mantine/form'

type Schema = Parameters<typeof schemaResolver>[0]

/**
 * A form's rules from its shared zod schema, with the schema (and zod with it) fetched when the form is first
 * used rather than with the screen: for the sign-in screen, which most visits open first and many only read.
 * `prefetch` goes on the form's onFocus, `validate` to useForm (it waits for the schema). Should the schema not
 * load (the network dropped), the form is sent as it is and the server, holding the same rules, answers.
 */
export function lazySchema(load: () => Promise<Schema>) {
  let loading: Promise<Schema> | undefined
  const schema = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  return {
    prefetch: () => void schema().catch(() => undefined),
    validate: async (values: unknown): Promise<FormErrors> => {
      let rules: Schema
      try {
        rules = await schema()
      } catch {
        return {}
      }
      return schemaResolver(rules, { sync: true })(values)
    },
  }
}
