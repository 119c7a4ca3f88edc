/**
 * A module loaded on its first use, once: a heavy dependency that most processes never need (sharp and its
 * image library, the S3 SDK, nodemailer, the CSV parser, the embedded database) stays out of the server's
 * memory until a request needs it. A failed load is tried again on the next use.
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
}
