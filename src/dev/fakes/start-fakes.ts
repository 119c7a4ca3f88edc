import type { Config } from '../../server/config'
import type { Logger } from '../../server/lib/logger'
import { createAirtelClient } from '../../server/payments/providers/airtel'
import { createMtnClient } from '../../server/payments/providers/mtn'
import { createPaymentProviders, type PaymentProviders } from '../../server/payments/registry'
import { createPindoGateway, type SmsGateway } from '../../server/sms/sms-gateway'
import { startAirtelFake } from './airtel-fake'
import { startMtnFake } from './mtn-fake'
import { startPindoFake } from './sms-fakes'
import { fakeStatementFetcher } from './statement-fetcher'

/**
 * The fakes a development or demo process starts for itself (PAYOUT_PROVIDER=fake, SMS_PROVIDER=fake, which
 * `npm run dev` asks for when nothing else is configured, and a demo marketplace's server uses unless told otherwise): MTN MoMo and Airtel Money, each paying its
 * own network's numbers and calling back to this process, and an SMS gateway. The clients are the real ones, over
 * HTTP on 127.0.0.1, so a newcomer sees money move with nothing configured (docs/payments.md: the fakes' numbers).
 */
export async function startDevFakes(config: Config, logger: Logger) {
  const closers: Array<() => Promise<void>> = []
  let providers: PaymentProviders | undefined
  let smsGateway: SmsGateway | null | undefined
  let fetchStatement: ReturnType<typeof fakeStatementFetcher> | undefined
  const callback = (name: string) => `${config.payments.callbackBase}/${name}`
  if (config.payments.providers.includes('fake')) {
    // Quick enough to watch: a transfer settles in a few seconds.
    const mtn = await startMtnFake({ targetEnvironment: 'mtnrwanda', settleMs: 3000, lateSuccessMs: 20_000 })
    const airtel = await startAirtelFake({
      settleMs: 3000,
      lateSuccessMs: 20_000,
      callbackUrl: callback('airtel'),
    })
    closers.push(mtn.close, airtel.close)
    providers = createPaymentProviders({
      mtn: createMtnClient({
        baseUrl: mtn.url,
        apiUser: mtn.apiUser,
        apiKey: mtn.apiKey,
        disbursementSubscriptionKey: mtn.subscriptionKeys.disbursement,
        collectionSubscriptionKey: mtn.subscriptionKeys.collection,
        targetEnvironment: mtn.targetEnvironment,
        callbackUrl: callback('mtn'),
      }),
      airtel: createAirtelClient(airtel.clientConfig),
    })
    fetchStatement = fakeStatementFetcher({ mtn: mtn.url, airtel: airtel.url })
    logger.info(
      `Mobile money: the fake MTN MoMo (${mtn.url}) and Airtel Money (${airtel.url}) send payouts and collect fees; ` +
        `approve a plan payment "on the phone" with POST <fake>/_fake/requests/<reference>/approve`,
    )
  }
  if (config.sms.provider === 'fake') {
    const token = 'fake-pindo-token'
    const pindo = await startPindoFake({ token })
    closers.push(pindo.close)
    smsGateway = createPindoGateway({ baseUrl: pindo.url, token, sender: 'Isoko' })
    logger.info(
      `SMS: the fake Pindo gateway (${pindo.url}) receives them; GET ${pindo.url}/_fake/messages lists them`,
    )
  }
  return {
    providers,
    fetchStatement,
    smsGateway,
    close: async () => {
      await Promise.all(closers.map((close) => close()))
    },
  }
}
