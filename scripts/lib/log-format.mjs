// How the merged log of `npm start` is written: on a terminal, each pino JSON line is
// pretty-printed (pino-pretty) behind a coloured process name; anywhere else (a pipe, a file, a log
// collector) every line stays one JSON object, so tools can parse it. LOG_FORMAT=json forces JSON
// on a terminal too; LOG_FORMAT=pretty forces pretty output into a pipe.
import { prettyFactory } from 'pino-pretty'

/** True when the output should be pretty: LOG_FORMAT decides if set, else whether `out` is a terminal. */
export function wantsPretty(out, env = process.env) {
  const format = (env.LOG_FORMAT ?? '').trim().toLowerCase()
  if (format === 'json') return false
  if (format === 'pretty') return true
  return Boolean(out?.isTTY)
}

/** A pino JSON log line as an object, or null for anything else (a stack trace, a library's print). */
function parseLogLine(text) {
  if (!text.startsWith('{')) return null
  try {
    const o = JSON.parse(text)
    return o && typeof o === 'object' && typeof o.level === 'number' ? o : null
  } catch {
    return null
  }
}

/**
 * @param {{ pretty: boolean }} opts
 * @returns {(name: string, color: number, text: string) => string} one output line (with its newline)
 */
export function logFormatter({ pretty }) {
  if (!pretty) {
    // JSON: pino lines pass unchanged; anything else becomes a pino-shaped line of the process.
    return (name, _color, text) => {
      if (parseLogLine(text)) return `${text}\n`
      return `${JSON.stringify({ level: 30, time: Date.now(), service: name.trim(), msg: text })}\n`
    }
  }
  // The process name stands in front of the line, so pid, hostname and service would only repeat it.
  const format = prettyFactory({
    colorize: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service',
  })
  return (name, color, text) => {
    const log = parseLogLine(text)
    const body = log ? format(log).replace(/\n$/, '') : text
    return `\x1b[${color}m${name} |\x1b[0m ${body}\n`
  }
}
