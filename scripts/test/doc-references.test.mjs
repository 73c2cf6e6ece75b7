// @tier unit
// The docs stand on their own: every `spec §N` in the docs and the code names a section of
// docs/product-spec.md, every `design §N` one of docs/design.md, and every relative link in the
// docs (and its #anchor) points at something in the repository.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { root } from '../lib/infra.mjs'

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter(
    (f) =>
      /\.(md|ts|tsx|mjs|js|css|ya?ml)$/.test(f) &&
      !f.startsWith('bench/scale/results/') &&
      existsSync(join(root, f)),
  )
const read = (f) => readFileSync(join(root, f), 'utf8')

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .replace(/ /g, '-')
const headings = (f) => [...read(f).matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1])
const sections = (f) => new Set(headings(f).flatMap((h) => /^(\d+)\. /.exec(h)?.[1] ?? []))

const targets = { spec: sections('docs/product-spec.md'), design: sections('docs/design.md') }

t.test('every `spec §N` and `design §N` names a section that exists', async (t) => {
  let count = 0
  for (const f of tracked) {
    // `spec §2, §5`, `product-spec §7`, `design §3`: each number after the name counts.
    for (const m of read(f).matchAll(/\b(spec|design)(?:'s)? ?(§ ?\d+(?:(?:, ?| and )§ ?\d+)*)/g)) {
      for (const n of m[2].matchAll(/§ ?(\d+)/g)) {
        count++
        if (!targets[m[1]].has(n[1]))
          t.fail(
            `${f}: "${m[0]}": ${m[1] === 'spec' ? 'docs/product-spec.md' : 'docs/design.md'} has no section ${n[1]}`,
          )
      }
    }
  }
  t.ok(count > 50, `${count} references checked`)
})

t.test('relative links in the docs point at files (and headings) in the repository', async (t) => {
  const docs = tracked.filter((f) => f.endsWith('.md') && (f.startsWith('docs/') || f === 'README.md'))
  for (const f of docs) {
    for (const m of read(f).matchAll(/\]\(([^)\s]+)\)/g)) {
      const [path, anchor] = m[1].split('#')
      if (/^[a-z]+:/.test(m[1]) || path === '') continue
      const target = join(dirname(f), path)
      if (!t.ok(existsSync(join(root, target)), `${f}: ${m[1]} exists`)) continue
      if (anchor && target.endsWith('.md'))
        t.ok(headings(target).map(slug).includes(anchor), `${f}: ${m[1]} names a heading`)
    }
  }
})

t.test('every docs/<name>.md named in the code or the docs exists', async (t) => {
  let count = 0
  for (const f of tracked) {
    for (const m of read(f).matchAll(/\bdocs\/([\w-]+\.md)\b/g)) {
      count++
      t.ok(existsSync(join(root, 'docs', m[1])), `${f}: docs/${m[1]} exists`)
    }
  }
  t.ok(count > 50, `${count} references checked`)
})

t.test('every script of the root package.json runs a file that exists', async (t) => {
  const { scripts } = JSON.parse(read('package.json'))
  for (const [name, command] of Object.entries(scripts)) {
    for (const m of command.matchAll(/\bnode ([\w./-]+\.m?js)\b/g))
      t.ok(existsSync(join(root, m[1])), `npm run ${name}: ${m[1]} exists`)
  }
})
