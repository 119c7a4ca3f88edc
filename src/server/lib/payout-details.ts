/** Only the last four characters of an account or mobile number leave the server. */
function maskTail(value: string) {
  const visible = value.replace(/\s+/g, '').slice(-4)
  return `•••• ${visible}`
}

/** A shop's payout details as any screen may see them (vendor profile, payouts, admin review). */
export function maskPayoutDetails(details: Record<string, string> | null): Record<string, string> | null {
  if (!details) return null
  const masked: Record<string, string> = { ...details }
  for (const key of ['accountNumber', 'routingNumber', 'mobileNumber']) {
    if (masked[key]) masked[key] = maskTail(masked[key])
  }
  return masked
}
