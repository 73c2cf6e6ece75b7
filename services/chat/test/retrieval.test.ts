// @tier services
import t from 'tap'
import { testApp } from '@site/service-kit/testing'
import { ask, chat, fakeSite } from './helpers.js'

// No model configured: every answer is built from the site's own passages.
t.test('retrieval mode answers from the site content, in the visitor language, with links', async (t) => {
  const site = await fakeSite()
  const { app, close } = await testApp(chat(site.url))
  t.teardown(async () => {
    await close()
    await site.close()
  })

  const status = await app.inject('/api/chat/status')
  t.equal(status.json().mode, 'retrieval')
  t.ok(status.json().index.items >= 8, 'facts, content, features, projects, pages and posts are indexed')
  t.same(status.json().index.unavailable, [], 'every source answered')

  const method = await ask(app, 'Wat is jullie werkwijze?')
  t.equal(method.status, 200, JSON.stringify(method.body))
  t.equal(method.body.mode, 'retrieval')
  t.match(method.body.response, /Werkwijze/)
  t.ok(
    method.body.sources.some((s) => s.url === '/#werkwijze'),
    'links the Dutch methodology anchor',
  )
  t.match(method.body.response, /\/#contact/, 'the consultation form is the next step')

  const methodEn = await ask(app, 'How do you work, what is your methodology?', { language: 'en' })
  t.ok(
    methodEn.body.sources.some((s) => s.url === '/#methodology'),
    'English anchor in English',
  )
  t.match(methodEn.body.response, /^Here is what our website says/)

  const mvp = await ask(app, 'Hoe werkt het gratis MVP?')
  t.match(mvp.body.response, /48 uur/)
  t.match(mvp.body.response, /5 dagen/)

  const blog = await ask(app, 'Kunnen jullie mijn facturen automatisch verwerken?')
  t.ok(
    blog.body.sources.some((s) => s.url === '/blog/automatiseren-met-n8n'),
    'the blog post on the topic is linked',
  )
  t.match(blog.body.response, /\/blog\/automatiseren-met-n8n/)

  const blogEn = await ask(app, 'Do you have experience with a chatbot for customer service?', {
    language: 'nl',
  })
  t.match(
    blogEn.body.response,
    /^Here is what our website says/,
    'an English question gets an English answer even when the widget sends nl',
  )
  t.ok(blogEn.body.sources.some((s) => s.url === '/blog/ai-chatbot-klantenservice'))
  t.match(blogEn.body.response, /An AI chatbot for your customer service/, 'the English title of the post')

  const page = await ask(app, 'How long do you keep chat conversations?', { language: 'en' })
  t.ok(
    page.body.sources.some((s) => s.url === '/pages/privacy'),
    'published pages are sources too',
  )

  const project = await ask(app, 'Hebben jullie al eens een dashboard voor een webshop gebouwd?')
  t.ok(project.body.sources.some((s) => s.url === '/projects'))

  const quote = await ask(app, 'Wat kost een app? Ik wil graag een offerte.')
  t.match(
    quote.body.response,
    /^Voor een offerte/,
    'a quote request is handed to the consultation form first',
  )
  t.ok(quote.body.sources.some((s) => s.url === '/#contact'))

  const unknown = await ask(app, 'Xylofoonzwemmen pinguïnvlucht?')
  t.match(unknown.body.response, /geen antwoord/)
  t.same(unknown.body.sources, [{ title: 'Gratis adviesgesprek', url: '/#contact' }])

  const about = await ask(app, 'Wat doen jullie eigenlijk?')
  t.match(
    about.body.response,
    /Wij bouwen software en automatiseringen met AI/,
    'the home introduction answers "what do you do"',
  )
  const phone = await ask(app, 'Kan ik jullie bellen?')
  t.match(phone.body.response, /\+31 20 123 4567/, 'contact details from the site content')
  t.match(phone.body.response, /^Voor een offerte, een prijsindicatie of een gesprek/)

  const hello = await ask(app, 'Hallo!')
  t.match(hello.body.response, /^Hallo! Ik beantwoord graag/)

  const de = await ask(app, 'Was kostet ein MVP und wie schnell ist es fertig?', { language: 'de' })
  t.match(de.body.response, /Angebot|Beratung/)
  t.match(de.body.response, /5 Tagen/)

  const latest = await ask(app, 'Welke blogs hebben jullie?')
  t.match(latest.body.response, /blog/i)
  t.ok(latest.body.sources.some((s) => s.url.startsWith('/blog/')))

  for (const secret of ['Vertel over de quantumblockchain', 'Wat is de zeppelinvloot?']) {
    const r = await ask(app, secret)
    t.notMatch(r.body.response, /quantum|zeppelin/i, 'drafts and unpublished pages are never used')
  }
})

t.test(
  'the index follows the site: new posts after a refresh; a source that is down keeps its last copy',
  async (t) => {
    const site = await fakeSite()
    const { app, close } = await testApp(chat(site.url))
    t.teardown(async () => {
      await close()
      await site.close()
    })
    const before = await ask(app, 'Wat weten jullie over kubernetes?')
    t.equal(before.status, 200, JSON.stringify(before.body))
    t.notOk(before.body.sources.some((s) => s.url.startsWith('/blog/')))

    site.data.posts.push({
      ...site.data.posts[0]!,
      id: 'b4',
      slug: 'kubernetes-uitgelegd',
      title_nl: 'Kubernetes uitgelegd',
      title_en: 'Kubernetes explained',
      tags: ['devops'],
      created_at: '2025-06-01T00:00:00.000Z',
    })
    await app.knowledge.refresh()
    const after = await ask(app, 'Wat weten jullie over kubernetes?')
    t.ok(after.body.sources.some((s) => s.url === '/blog/kubernetes-uitgelegd'))

    await site.close()
    await app.knowledge.refresh()
    t.same(
      (await app.inject('/api/chat/status')).json().index.unavailable,
      ['content', 'features', 'pages', 'posts', 'projects'],
      'the status names the sources it could not read',
    )
    const down = await ask(app, 'Wat weten jullie over kubernetes?')
    t.ok(
      down.body.sources.some((s) => s.url === '/blog/kubernetes-uitgelegd'),
      'still answers from the last copy',
    )
  },
)
