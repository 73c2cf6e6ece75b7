import fp from 'fastify-plugin'
import { Counter } from 'prom-client'
import { HttpError, tooManyRequests } from '@site/service-kit'
import type { ContactChallenge, Locale } from '@site/contracts'
import type { Config } from '../config.js'
import { issueChallenge, proofKey, verifyProof } from '../lib/proof.js'
import { spendFormBudget } from '../lib/form-guards.js'
import { PROOF_CODES, guardMessage } from '../lib/guard-messages.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The proof of work and the form's budget (docs/contact.md, "Spam"). */
    formGuard: {
      challenge(): Promise<ContactChallenge>
      /** Throws the localized 4xx unless `altcha` is a valid, unused solution and the budget allows one more. */
      admit(altcha: string | undefined, language: Locale): Promise<void>
    }
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const settings = {
      hmacKey: proofKey(config.ALTCHA_HMAC_KEY, config.SESSION_SECRET),
      maxNumber: config.CONTACT_POW_MAX_NUMBER,
      expiresS: config.CONTACT_POW_EXPIRES_S,
    }
    const refused = new Counter({
      name: 'contact_guard_refusals_total',
      help: 'Contact requests refused by the proof of work or the form budget',
      labelNames: ['reason'] as const,
      registers: [app.metrics],
    })
    app.decorate('formGuard', {
      challenge: () => issueChallenge(settings),
      async admit(altcha: string | undefined, language: Locale) {
        const proof = await verifyProof(app.redis, config.QUEUE_PREFIX, settings.hmacKey, altcha)
        if (proof !== 'ok') {
          refused.inc({ reason: proof })
          const { status, code } = PROOF_CODES[proof]
          throw new HttpError(status, guardMessage(proof, language), code)
        }
        const budget = await spendFormBudget(
          app.redis,
          config.QUEUE_PREFIX,
          config.CONTACT_FORM_BUDGET,
          config.CONTACT_FORM_BUDGET_WINDOW_S,
        )
        if (!budget.allowed) {
          refused.inc({ reason: 'budget' })
          throw tooManyRequests(guardMessage('budget', language), 'FORM_BUSY', budget.retryAfterS)
        }
      },
    })
  },
  { name: 'contact-form-guard', dependencies: ['kit-redis', 'kit-metrics'] },
)
