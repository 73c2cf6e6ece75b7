// Word's and Google Docs' clipboard HTML cleaned before the editor parses it (ProseMirror's
// transformPastedHTML): Word's list paragraphs become real lists, its namespaced tags (<o:p>,
// <v:shape>), conditional comments, classes and mso- styles go, Google Docs' wrapper is unwrapped,
// empty paragraphs are dropped and headings fit the body's levels (h1 is the page's title). What is
// left is parsed by the editor's schema, and the server's sanitizer checks every save again.
// Browser only (DOMParser): the editor's chunk is loaded in the admin, never rendered on the server.

const DROP = 'style, meta, link, title, script, xml, template'
/** Style declarations the editor's marks read (bold, italic); everything else goes. */
const KEPT_STYLE = /^(font-weight|font-style)$/i

/** Word's list paragraphs (`style="mso-list:l0 level1 lfo1"`) as <ul>/<ol>, nested by level. */
function wordLists(doc: Document) {
  let stack: { list: HTMLElement; level: number }[] = []
  const paragraphs = [...doc.body.querySelectorAll('p')].filter((p) =>
    /mso-list:\s*l\d/i.test(p.getAttribute('style') ?? ''),
  )
  for (const p of paragraphs) {
    const style = p.getAttribute('style') ?? ''
    const level = Number(/level(\d+)/i.exec(style)?.[1] ?? 1)
    const marker = [...p.querySelectorAll('span')].find((s) =>
      /mso-list:\s*ignore/i.test(s.getAttribute('style') ?? ''),
    )
    const ordered = /^\s*(\d+|[a-z]{1,4})[.)]/i.test(marker?.textContent ?? '')
    marker?.remove()
    // A list goes on while its paragraphs follow each other (the root list took the previous one's place).
    if (!stack[0] || p.previousElementSibling !== stack[0].list) stack = []
    while (stack.length > 0 && stack[stack.length - 1]!.level > level) stack.pop()
    let top = stack[stack.length - 1]
    if (!top || top.level < level) {
      const list = doc.createElement(ordered ? 'ol' : 'ul')
      if (top) (top.list.lastElementChild ?? top.list).append(list)
      else p.before(list)
      top = { list, level }
      stack.push(top)
    }
    const li = doc.createElement('li')
    li.append(...p.childNodes)
    top.list.append(li)
    p.remove()
  }
}

function rename(el: Element, tag: string) {
  const next = el.ownerDocument.createElement(tag)
  next.append(...el.childNodes)
  el.replaceWith(next)
}

export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  doc.querySelectorAll(DROP).forEach((el) => el.remove())
  wordLists(doc)
  // Comments: Word's conditional ones (<!--[if !supportLists]-->) and the fragment markers.
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_COMMENT)
  const comments: Node[] = []
  while (walker.nextNode()) comments.push(walker.currentNode)
  comments.forEach((c) => c.parentNode?.removeChild(c))
  for (const el of [...doc.body.querySelectorAll('*')]) {
    // Office's namespaced tags: <o:p>&nbsp;</o:p> spacers, <v:shape> drawings, <w:…> settings.
    if (el.tagName.includes(':')) {
      el.remove()
      continue
    }
    el.removeAttribute('class')
    el.removeAttribute('lang')
    const style = el.getAttribute('style')
    if (style !== null) {
      const kept = style
        .split(';')
        .filter((d) => KEPT_STYLE.test(d.split(':')[0]?.trim() ?? ''))
        .join(';')
      if (kept) el.setAttribute('style', kept)
      else el.removeAttribute('style')
    }
  }
  // Google Docs wraps the whole fragment in <b id="docs-internal-guid-…" style="font-weight:normal">.
  doc.body.querySelectorAll('b[id^="docs-internal-guid"]').forEach((b) => b.replaceWith(...b.childNodes))
  // Images from the writer's disk (file:, blob:, cid:) cannot be shown here: the library holds images.
  doc.body.querySelectorAll('img').forEach((img) => {
    if (!/^(https?:\/\/|\/(?!\/))/i.test(img.getAttribute('src') ?? '')) img.remove()
  })
  doc.body.querySelectorAll('h1').forEach((h) => rename(h, 'h2'))
  doc.body.querySelectorAll('p').forEach((p) => {
    if (!p.querySelector('img, br') && (p.textContent ?? '').replace(/[\s\u00a0]/g, '') === '') p.remove()
  })
  return doc.body.innerHTML
}
