// The drawing primitives of the site's illustrations (make-images.mjs): the palette, a seeded
// random generator, an SVG frame, and shapes (blobs, networks, windows, bars, gears, people).
// Palette (matches web/src/styles/tokens.css).
export const C = {
  ink: '#0f172a',
  slate: '#475569',
  line: '#cbd5e1',
  paper: '#f8fafc',
  blue: '#2563eb',
  sky: '#38bdf8',
  violet: '#7c3aed',
  pink: '#ec4899',
  teal: '#14b8a6',
  amber: '#f59e0b',
  green: '#22c55e',
  white: '#ffffff',
}

// Deterministic pseudo-random numbers, so re-running gives the same files.
export function rng(seed) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

export const svg = (w, h, body, bg) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient>
  <linearGradient id="brand" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.blue}"/><stop offset="1" stop-color="${C.violet}"/></linearGradient>
  <linearGradient id="warm" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.amber}"/><stop offset="1" stop-color="${C.pink}"/></linearGradient>
  <linearGradient id="cool" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.teal}"/><stop offset="1" stop-color="${C.sky}"/></linearGradient>
  <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="12" stdDeviation="16" flood-color="#0f172a" flood-opacity="0.18"/></filter>
</defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>
${body}
</svg>`

// Soft blurred colour blobs behind an illustration.
export function blobs(w, h, seed, colors) {
  const r = rng(seed)
  return colors
    .map(
      (c) =>
        `<circle cx="${(r() * w).toFixed(0)}" cy="${(r() * h).toFixed(0)}" r="${(h * (0.25 + r() * 0.3)).toFixed(0)}" fill="${c}" opacity="0.18"/>`,
    )
    .join('')
}

// A network of nodes and links (AI, technology, hero backgrounds).
export function network(w, h, seed, n, color, x0 = 0, y0 = 0) {
  const r = rng(seed)
  const pts = Array.from({ length: n }, () => [x0 + r() * w, y0 + r() * h])
  let s = ''
  pts.forEach(([x, y], i) => {
    pts.slice(i + 1).forEach(([x2, y2]) => {
      const d = Math.hypot(x - x2, y - y2)
      if (d < Math.min(w, h) * 0.32)
        s += `<line x1="${x.toFixed(0)}" y1="${y.toFixed(0)}" x2="${x2.toFixed(0)}" y2="${y2.toFixed(0)}" stroke="${color}" stroke-width="2" opacity="0.45"/>`
    })
  })
  pts.forEach(
    ([x, y], i) =>
      (s += `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${i % 4 === 0 ? 9 : 5}" fill="${i % 3 === 0 ? C.violet : color}"/>`),
  )
  return s
}

// A browser/app window with content rows.
export function windowFrame(x, y, w, h, content = '') {
  return `<g filter="url(#shadow)"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="${C.white}"/></g>
<rect x="${x}" y="${y}" width="${w}" height="44" rx="18" fill="${C.paper}"/><rect x="${x}" y="${y + 26}" width="${w}" height="18" fill="${C.paper}"/>
<circle cx="${x + 26}" cy="${y + 22}" r="7" fill="#f87171"/><circle cx="${x + 48}" cy="${y + 22}" r="7" fill="#fbbf24"/><circle cx="${x + 70}" cy="${y + 22}" r="7" fill="#34d399"/>
${content}`
}

export const rows = (x, y, widths, color = C.line, gap = 26, hgt = 12) =>
  widths
    .map(
      (w, i) =>
        `<rect x="${x}" y="${y + i * gap}" width="${w}" height="${hgt}" rx="6" fill="${i === 0 ? C.ink : color}" opacity="${i === 0 ? 0.85 : 1}"/>`,
    )
    .join('')

export function bars(x, y, w, h, values, fill = 'url(#brand)') {
  const bw = w / (values.length * 1.6)
  return values
    .map(
      (v, i) =>
        `<rect x="${(x + i * bw * 1.6).toFixed(0)}" y="${(y + h - v * h).toFixed(0)}" width="${bw.toFixed(0)}" height="${(v * h).toFixed(0)}" rx="6" fill="${fill}"/>`,
    )
    .join('')
}

export function gear(cx, cy, r, teeth, fill) {
  let d = ''
  for (let i = 0; i < teeth * 2; i++) {
    const a = (Math.PI * i) / teeth
    const rr = i % 2 === 0 ? r : r * 0.82
    d += `${i === 0 ? 'M' : 'L'}${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)} `
  }
  return `<path d="${d}Z" fill="${fill}"/><circle cx="${cx}" cy="${cy}" r="${(r * 0.35).toFixed(1)}" fill="${C.white}"/>`
}

export const person = (cx, cy, s, fill) =>
  `<circle cx="${cx}" cy="${cy - s * 0.55}" r="${s * 0.32}" fill="${fill}"/><path d="M${cx - s * 0.6},${cy + s * 0.6} Q${cx - s * 0.6},${cy - s * 0.1} ${cx},${cy - s * 0.1} Q${cx + s * 0.6},${cy - s * 0.1} ${cx + s * 0.6},${cy + s * 0.6} Z" fill="${fill}"/>`
