// Test fixtures of the admin browser test: a fake OpenAI-compatible server (title translation that
// can be held open, import translations, tags) and a real PNG made in memory.
import { crc32, deflateSync } from 'node:zlib'
import { startFakeOpenAI } from '@site/service-kit/testing'

export interface FakeLlm {
  env: Record<string, string>
  /** Title translations wait until release() while held. */
  holdTitles: () => void
  release: () => void
  titleCalls: number
  close: () => Promise<void>
}

/** Answers the blog service's prompts (services/blog/src/lib/translate.ts) with predictable JSON. */
export async function startFakeLlm(): Promise<FakeLlm> {
  let gate: Promise<void> | null = null
  let open: (() => void) | null = null
  const state = { titleCalls: 0 }
  const answer = async (user: string): Promise<string> => {
    if (user.startsWith('Translate this title')) {
      state.titleCalls++
      if (gate) await gate
      const title = user.split('Title: ')[1]?.trim() ?? ''
      return JSON.stringify({ translation: `${title} (vertaald)` })
    }
    if (user.startsWith('Translate the title and the excerpt')) {
      const meta = JSON.parse(user.slice(user.indexOf('\n\n') + 2)) as { title: string; excerpt: string }
      return JSON.stringify({ title: `${meta.title} (EN)`, excerpt: meta.excerpt })
    }
    if (user.startsWith('Translate the text of this HTML fragment')) {
      return JSON.stringify({ html: user.slice(user.indexOf('\n\n') + 2) })
    }
    if (user.startsWith('Give 3 to 6 short topic tags'))
      return JSON.stringify({ tags: ['automation', 'ai', 'testing'] })
    return 'Dit is een testantwoord.'
  }
  const fake = await startFakeOpenAI(async (body) => {
    const user = body.messages?.filter((m) => m.role === 'user').at(0)?.content ?? ''
    try {
      return { content: await answer(user) }
    } catch {
      return { status: 500 }
    }
  })
  return {
    env: { OPENAI_BASE_URL: fake.baseURL, OPENAI_API_KEY: 'test-key', OPENAI_MODEL: 'fake-model' },
    holdTitles: () => {
      gate = new Promise<void>((resolve) => (open = resolve))
    },
    release: () => {
      open?.()
      gate = null
      open = null
    },
    get titleCalls() {
      return state.titleCalls
    },
    close: async () => {
      open?.()
      await fake.close()
    },
  }
}

/** A real width × height RGB PNG (a colour gradient). */
export function makePng(width = 32, height = 24): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    raw[row] = 0
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x * 3] = (x * 255) / width
      raw[row + 2 + x * 3] = (y * 255) / height
      raw[row + 3 + x * 3] = 160
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(td) >>> 0)
    return Buffer.concat([len, td, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
