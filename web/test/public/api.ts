// Seeds data through the real public API as an admin would (login cookie + the services' CSRF
// rule: JSON body, X-Requested-With and a same-site Origin).
import type { Stack } from '../helpers/stack.js'
import { seedAdmin } from '../helpers/stack.js'

export interface AdminApi {
  post: <T>(path: string, body: unknown) => Promise<T>
  /** Any method, whatever the status: the status and the JSON body, for tests of refusals too. */
  send: <T>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>
  cookie: string
}

export async function adminApi(stack: Stack, username: string, password: string): Promise<AdminApi> {
  await seedAdmin(stack, username, password)
  const headers = {
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    origin: stack.url,
  }
  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password }),
  })
  if (!login.ok) throw new Error(`login ${login.status}: ${await login.text()}`)
  const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ')
  return {
    cookie,
    post: async <T>(path: string, body: unknown) => {
      const res = await fetch(`${stack.url}${path}`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify(body),
      })
      if (!res.ok) throw new Error(`POST ${path} ${res.status}: ${await res.text()}`)
      return (await res.json()) as T
    },
    send: async <T>(method: string, path: string, body?: unknown) => {
      const res = await fetch(`${stack.url}${path}`, {
        method,
        headers: { ...headers, cookie },
        ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
      })
      return { status: res.status, body: (await res.json()) as T }
    },
  }
}

/** A published post with 5 tags (3 shown + '+2 more'), no German fields (nl fallback), no image (tag fallback). */
export const POST = {
  slug: 'ai-prototype-in-days',
  title_nl: 'Een AI-prototype in <em>dagen</em>',
  title_en: 'An AI prototype in <em>days</em>',
  excerpt_nl: 'Hoe wij in vijf dagen een werkend MVP bouwen.',
  excerpt_en: 'How we build a working MVP in five days.',
  content_nl: '<p>Nederlandse inhoud van het bericht.</p><h2>Stap één</h2><p>Intake.</p>',
  content_en: '<p>English body of the post.</p><h2>Step one</h2><p>Intake.</p>',
  meta_description_en: 'How a working MVP gets built in five days.',
  author: 'Test Author',
  published: true,
  tags: ['AI', 'automation', 'business', 'team', 'success'],
}

export const PAGE = {
  slug: 'privacy',
  title_nl: 'Privacyverklaring',
  title_en: 'Privacy statement',
  title_de: 'Datenschutzerklärung',
  content_nl: '<p>Wij gaan zorgvuldig om met uw gegevens.</p>',
  content_en: '<p>We handle your data with care.</p>',
  content_de: '<p>Wir gehen sorgfältig mit Ihren Daten um.</p>',
  meta_description_en: 'How we handle your personal data.',
  published: true,
}

export const PROJECT = {
  title: 'Invoice automation',
  description: 'Automated invoice processing for a marketing agency.',
  video_url: 'https://example.com/demo.mp4',
  link_url: 'https://example.com/',
}
