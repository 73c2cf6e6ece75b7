// `npm start` and `npm run dev` use fixed ports (services.json, PORT). With the other already
// running, half the processes would die with EADDRINUSE deep in the log and the gateway would
// quietly proxy to the other stack's services (issue 45): one line instead, before anything starts.
import { portAnswers } from './infra.mjs'

/** The named ports something already answers on (loopback). */
export async function takenPorts(named) {
  const checks = await Promise.all(
    Object.entries(named).map(async ([name, port]) =>
      (await portAnswers(port)) ? `${port} (${name})` : null,
    ),
  )
  return checks.filter(Boolean)
}

/** Exits with one line when a fixed port is taken; `hint` says what to do instead. */
export async function refuseTakenPorts(named, say, hint) {
  const taken = await takenPorts(named)
  if (!taken.length) return
  say(
    `port${taken.length > 1 ? 's' : ''} ${taken.join(', ')} already in use: another \`npm start\` or \`npm run dev\` is running here (or another program holds ${taken.length > 1 ? 'them' : 'it'}); ${hint}`,
  )
  process.exit(1)
}
