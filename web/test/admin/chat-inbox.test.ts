// @tier stack
// The chat assistant says what it is, and the team reads what visitors asked (issue 33), in a real
// browser against the real stack (the chat answering through the kit's fake OpenAI server):
// a visitor sees the disclosure in nl, en and de, asks a question the site never mentions and one
// it does, rates the answer with the keyboard, and sends the consultation form from the chat (the
// disclosure's button to the dialog, and an answer's link to the home page's form); an
// admin then finds the conversation by its text, its rating, its pages and the request it led to
// (and back), the unanswered question, the share of helpful answers, and erases the conversation.
import t from 'tap'
import type { Page } from 'playwright-core'
import { startFakeOpenAI } from '@site/service-kit/testing'
import { axeViolations, collectPageErrors, launchBrowser } from '../helpers/browser.js'
import { seedAdmin, startStack } from '../helpers/stack.js'

const USER = 'admin'
const PASSWORD = 'admin-test-password-1'
const ANSWER =
  'We work in short steps with a free MVP plan in 48 hours: see /#werkwijze. Or ask for a free consultation via /#contact.'
const UNANSWERED = 'Repareren jullie fietsen?'
const QUESTION = 'How do you work with new clients?'

const llm = await startFakeOpenAI(() => ({ content: ANSWER }))
t.teardown(() => llm.close())
const stack = await startStack({
  env: { OPENAI_BASE_URL: llm.baseURL, OPENAI_API_KEY: 'test-key', OPENAI_MODEL: 'fake-model' },
})
t.teardown(() => stack.stop())
await seedAdmin(stack, USER, PASSWORD)

const DISCLOSURE = {
  nl: {
    path: '/',
    text: 'U chat met een geautomatiseerde assistent (AI), niet met een mens. Antwoorden kunnen onjuist of onvolledig zijn.',
    person: 'Vraag een gratis adviesgesprek aan',
  },
  en: {
    path: '/en',
    text: 'You are chatting with an automated assistant (AI), not a person. Its answers may be wrong or incomplete.',
    person: 'Request a free consultation',
  },
  de: {
    path: '/de',
    text: 'Sie chatten mit einem automatisierten Assistenten (KI), nicht mit einem Menschen. Seine Antworten können falsch oder unvollständig sein.',
    person: 'Kostenlose Beratung anfragen',
  },
} as const

const visitor = await launchBrowser({ baseURL: stack.url })
t.teardown(() => visitor.close())
let sessionId = ''
let contactName = ''
let homeName = ''

async function openChat(page: Page) {
  await page.getByTestId('chat-launcher').click()
  const panel = page.getByTestId('chat-panel')
  await panel.waitFor()
  return panel
}

t.test('the disclosure is there before the first message, in the language of the site', async (t) => {
  for (const [lang, d] of Object.entries(DISCLOSURE)) {
    const page = await visitor.newPage()
    const errors = collectPageErrors(page, { ignore: [/status of 401/] })
    await page.goto(d.path)
    const panel = await openChat(page)
    const note = panel.getByTestId('chat-disclosure')
    await note.getByText(d.text).waitFor()
    t.equal(
      await note.getAttribute('lang'),
      lang,
      `${lang}: marked as ${lang} (the conversation itself is Dutch)`,
    )
    t.ok(await note.getByRole('button', { name: d.person }).isVisible(), `${lang}: the way to a person`)
    // Before the first message: above the greeting, which stays as the spec words it.
    const order = await panel.evaluate((el) => {
      const note = el.querySelector('[data-testid="chat-disclosure"]')!
      const greeting = el.querySelector('[data-testid="chat-message-bot"]')!
      return note.compareDocumentPosition(greeting) & Node.DOCUMENT_POSITION_FOLLOWING
    })
    t.ok(order, `${lang}: the disclosure comes before the greeting`)
    await panel.getByText('Hallo! Ik ben de digitale assistent. Waarmee kan ik u vandaag helpen?').waitFor()
    await panel.getByText('Online - We helpen u graag!').waitFor()
    t.same(await axeViolations(page), [], `${lang}: axe, chat panel open`)
    t.same(errors, [], `${lang}: no page errors`)
    await page.close()
  }
})

t.test(
  'a visitor chats, rates an answer with the keyboard and sends the consultation form from the chat',
  async (t) => {
    const page = await visitor.newPage()
    const errors = collectPageErrors(page, { ignore: [/status of 401/] })
    await page.goto('/en')
    const panel = await openChat(page)
    const input = panel.getByPlaceholder('Typ uw bericht...')

    await input.fill(UNANSWERED)
    await input.press('Enter')
    await panel
      .getByTestId('chat-message-bot')
      .nth(1)
      .getByText(/We work in short steps/)
      .waitFor()
    await input.fill(QUESTION)
    await input.press('Enter')
    const answer = panel.getByTestId('chat-message-bot').nth(2)
    await answer.getByText(/We work in short steps/).waitFor()
    sessionId = (await page.evaluate(() => localStorage.getItem('chatSessionId'))) ?? ''
    t.match(sessionId, /^session_\d+_[a-z0-9]+$/)

    // Each answer has its thumbs; the greeting has none.
    t.equal(await panel.getByTestId('chat-message-bot').first().getByRole('button').count(), 0)
    const rating = answer.getByRole('group', { name: 'Was this answer helpful?' })
    await rating.waitFor()
    // Keyboard: from the message box back into the conversation, the last answer's buttons first.
    await input.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Shift+Tab')
    t.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Helpful',
      'the thumbs up is reached with the keyboard',
    )
    const rated = page.waitForResponse((r) => r.url().endsWith('/api/chat/feedback'))
    await page.keyboard.press('Space')
    t.equal((await rated).status(), 200, 'the rating is stored')
    await rating.getByText('Thank you for your feedback.').waitFor()
    t.equal(
      await rating.getByRole('button', { name: 'Helpful', exact: true }).getAttribute('aria-pressed'),
      'true',
    )
    t.equal(await rating.getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed'), 'false')
    t.same(await axeViolations(page), [], 'axe: answers with their ratings')

    // The way to a person: the consultation form, which then carries this chat's session.
    await panel.getByRole('button', { name: 'Request a free consultation' }).click()
    const dialog = page.getByRole('dialog', { name: 'Free consultation' })
    await dialog.waitFor()
    contactName = `Chat Visitor ${Date.now()}`
    await dialog.getByLabel('Name').fill(contactName)
    await dialog.getByLabel('Email').fill('chat.visitor@example.com')
    await dialog.getByLabel('Tell us about your project').fill('I read your answer in the chat; can we talk?')
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/contacts') && r.method() === 'POST')
    await dialog.getByRole('button', { name: 'Send message' }).click()
    t.equal((await sent).postDataJSON().chatSessionId, sessionId, 'the request carries the chat session')
    await dialog.waitFor({ state: 'hidden' })

    // The other way from the chat: the consultation link in an answer leads to the home page's form.
    await answer.getByRole('link', { name: '/#contact' }).click()
    const home = page.getByTestId('home-contact-form')
    await home.waitFor()
    homeName = `Home Form ${Date.now()}`
    await home.getByLabel('Naam').fill(homeName)
    await home.getByLabel('E-mail').fill('home.visitor@example.com')
    await home.getByLabel('Bericht').fill('Via the link in the chat.')
    const fromHome = page.waitForRequest((r) => r.url().endsWith('/api/contacts') && r.method() === 'POST')
    await home.getByRole('button', { name: 'Versturen' }).click()
    t.equal((await fromHome).postDataJSON().chatSessionId, sessionId, 'the home form carries it too')
    await page.getByTestId('toast').filter({ hasText: 'Succesvol verzonden' }).waitFor()
    t.same(errors, [])
    await page.close()
  },
)

const admin = await launchBrowser({ baseURL: stack.url })
t.teardown(() => admin.close())
const page = await admin.newPage()
const adminErrors = collectPageErrors(page, { ignore: [/status of 401/] })
const view = (name: string) => page.getByRole('tab', { name, exact: true })

t.test(
  'the admin finds the conversation, its rating and its request, and the unanswered question',
  async (t) => {
    await page.goto('/admin')
    const login = page.getByRole('dialog', { name: 'Admin Login' })
    await login.getByLabel('Username').fill(USER)
    await login.getByLabel('Password').fill(PASSWORD)
    await login.getByRole('button', { name: 'Login', exact: true }).click()
    await login.waitFor({ state: 'hidden' })
    await page.getByRole('tab', { name: 'Inbox', exact: true }).click()
    await view('Chat conversations').click()

    const feedback = page.getByTestId('chat-feedback')
    await feedback.getByRole('heading', { name: 'Helpful answers: 100%' }).waitFor()
    t.ok(await feedback.getByRole('table').isVisible(), 'week by week')

    const searched = page.waitForResponse((r) => /\/api\/chat\/conversations\?.*q=new\+clients/.test(r.url()))
    await page.getByLabel('Search the conversations').fill('new clients')
    t.equal((await searched).status(), 200, 'searched the messages')
    const conversation = page.getByTestId('conversation')
    await page.getByTestId('admin-conversations').waitFor()
    t.equal(await conversation.count(), 1, 'the one conversation that mentions it')
    await conversation.getByText('1 helpful').waitFor()
    t.match(await conversation.innerText(), /4 messages/)
    t.match(await conversation.innerText(), /Asked on\s*:?\s*\/en/, 'the page the visitor asked from')
    await conversation.getByRole('button', { name: 'Show the conversation' }).click()
    const messages = conversation.getByTestId('transcript-message')
    await messages.nth(3).waitFor()
    t.match(
      await messages.nth(0).innerText(),
      new RegExp(`Visitor[\\s\\S]*${UNANSWERED.replace('?', '\\?')}`),
    )
    t.match(await messages.nth(0).innerText(), /Nothing found on the site/, 'the site had no answer to it')
    t.match(await messages.nth(3).innerText(), /Answered by: LLM/)
    t.match(await messages.nth(3).innerText(), /Rated helpful/)
    t.ok(await messages.nth(3).getByRole('link', { name: 'Free consultation' }).isVisible(), 'its sources')
    t.same(await axeViolations(page), [], 'axe: a transcript')

    // The request it led to, and back.
    const link = conversation.getByRole('link', { name: new RegExp(`Request of ${contactName}`) })
    await link.click()
    const request = page.getByTestId('inbox-item').filter({ hasText: contactName })
    await request.waitFor()
    t.equal(await page.getByTestId('inbox-item').count(), 1, 'the request alone')
    t.ok(await request.getByText('Sent from the chat').isVisible())
    await request.getByRole('link', { name: 'Read the conversation' }).click()
    await page.getByTestId('conversation').getByTestId('transcript-message').nth(3).waitFor()
    t.match(page.url(), new RegExp(`conversation=${sessionId}`))

    // The question the site never mentions.
    await view('Unanswered questions').click()
    const question = page.getByTestId('unanswered-question').filter({ hasText: UNANSWERED })
    await question.waitFor()
    t.match(await question.innerText(), /Asked once/)
    t.match(await question.innerText(), /nothing found 1×/)
    t.same(await axeViolations(page), [], 'axe: unanswered questions')
    await question.getByRole('link', { name: 'Read the latest conversation' }).click()
    await page.getByTestId('conversation').getByTestId('transcript-message').first().waitFor()
  },
)

t.test('the admin erases the conversation; the request stays, its link leads nowhere', async (t) => {
  const conversation = page.getByTestId('conversation')
  await conversation.getByRole('button', { name: /^Erase: / }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Erase this conversation?' })
  await confirm.getByRole('button', { name: 'Erase' }).click()
  await page.getByTestId('toast').filter({ hasText: 'Conversation erased' }).waitFor()
  await confirm.waitFor({ state: 'hidden' })
  await page.getByText('No conversations yet.').waitFor()

  const cookies = await admin.context.cookies(stack.url)
  const sid = cookies.find((c) => c.name === 'sid')!.value
  const get = (path: string) =>
    fetch(stack.url + path, { headers: { Cookie: `sid=${sid}`, 'X-Requested-With': 'XMLHttpRequest' } })
  t.equal((await get(`/api/chat/conversations/${sessionId}`)).status, 404, 'gone from the chat service')
  t.equal(
    ((await (await get('/api/chat/unanswered')).json()) as { total: number }).total,
    0,
    'its questions too',
  )
  const requests = (await (await get(`/api/contacts?chatSessionId=${sessionId}`)).json()) as {
    items: { name: string }[]
  }
  t.same(
    requests.items.map((r) => r.name),
    [homeName, contactName],
    'the consultation request is kept',
  )

  // The erasure is an admin write: the audit trail lists it (read from the change stream).
  let audit: { items: { action: string; target: { id: string }; actor: { name: string } }[] } = { items: [] }
  for (let i = 0; i < 100 && !audit.items.length; i++) {
    audit = (await (await get('/api/admin/audit?kind=conversation')).json()) as typeof audit
    if (!audit.items.length) await new Promise((r) => setTimeout(r, 100))
  }
  t.match(
    audit.items,
    [{ action: 'delete', target: { id: sessionId }, actor: { name: USER } }],
    'in the audit trail',
  )

  await view('Consultation requests').click()
  const request = page.getByTestId('inbox-item').filter({ hasText: contactName })
  await request.getByRole('link', { name: 'Read the conversation' }).click()
  await page.getByText('This conversation no longer exists').waitFor()
  t.same(
    adminErrors.filter((e) => !/status of 404/.test(e)),
    [],
    'no page errors but the 404 of the erased conversation',
  )
})
