// The site's illustrations as SVG (make-images.mjs): the tag fallbacks (`art`, by name), the
// gallery and the hero backgrounds.
import { C, rng, svg, blobs, network, windowFrame, rows, bars, gear, person } from './shapes.mjs'

export const W = 800
export const H = 500
export const light = ['#eef2ff', '#f0f9ff']

// Illustrations keyed by name; each returns an SVG string of W x H.
export const art = {
  'ai-development': () =>
    svg(
      W,
      H,
      blobs(W, H, 1, [C.violet, C.blue, C.sky]) +
        network(560, 340, 7, 18, C.blue, 120, 80) +
        `<g filter="url(#shadow)"><rect x="330" y="180" width="140" height="140" rx="28" fill="url(#brand)"/></g><text x="400" y="268" font-family="Arial, sans-serif" font-size="56" font-weight="700" fill="#fff" text-anchor="middle">AI</text>`,
      light,
    ),
  innovation: () =>
    svg(
      W,
      H,
      blobs(W, H, 2, [C.amber, C.pink, C.violet]) +
        `<g filter="url(#shadow)"><circle cx="400" cy="220" r="110" fill="url(#warm)"/></g><rect x="355" y="325" width="90" height="26" rx="8" fill="${C.slate}"/><rect x="365" y="356" width="70" height="20" rx="8" fill="${C.slate}"/>
       <path d="M370 250 l20 -40 l20 40 l20 -40" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
        [0, 45, 90, 135, 180, 225, 270, 315]
          .map((a) => {
            const r = (a * Math.PI) / 180
            return `<line x1="${400 + 140 * Math.cos(r)}" y1="${220 + 140 * Math.sin(r)}" x2="${400 + 175 * Math.cos(r)}" y2="${220 + 175 * Math.sin(r)}" stroke="${C.amber}" stroke-width="10" stroke-linecap="round"/>`
          })
          .join(''),
      ['#fff7ed', '#fdf2f8'],
    ),
  'modern-office': () =>
    svg(
      W,
      H,
      blobs(W, H, 3, [C.teal, C.sky]) +
        `<rect x="0" y="380" width="800" height="120" fill="#e2e8f0"/><rect x="150" y="330" width="500" height="18" rx="6" fill="${C.slate}"/><rect x="190" y="348" width="14" height="110" fill="${C.slate}"/><rect x="596" y="348" width="14" height="110" fill="${C.slate}"/>` +
        windowFrame(250, 120, 300, 190, rows(275, 185, [160, 240, 200, 120])) +
        `<rect x="385" y="310" width="30" height="22" fill="${C.slate}"/><circle cx="110" cy="300" r="50" fill="${C.green}" opacity="0.8"/><rect x="95" y="330" width="30" height="50" rx="6" fill="${C.amber}"/><rect x="640" y="120" width="90" height="120" rx="10" fill="url(#cool)" opacity="0.85"/>`,
      ['#ecfeff', '#f8fafc'],
    ),
  technology: () =>
    svg(
      W,
      H,
      blobs(W, H, 4, [C.blue, C.teal]) +
        `<g filter="url(#shadow)"><rect x="290" y="140" width="220" height="220" rx="28" fill="${C.ink}"/></g><rect x="335" y="185" width="130" height="130" rx="14" fill="url(#cool)"/>` +
        [0, 1, 2, 3, 4]
          .map(
            (i) =>
              `<rect x="${318 + i * 40}" y="110" width="10" height="30" rx="4" fill="${C.slate}"/><rect x="${318 + i * 40}" y="360" width="10" height="30" rx="4" fill="${C.slate}"/><rect x="260" y="${168 + i * 40}" width="30" height="10" rx="4" fill="${C.slate}"/><rect x="510" y="${168 + i * 40}" width="30" height="10" rx="4" fill="${C.slate}"/>`,
          )
          .join('') +
        `<path d="M60 120 h120 v80 h60 M740 380 h-120 v-60 h-60 M60 400 h90 v-60 M740 100 h-90 v60" stroke="${C.blue}" stroke-width="4" fill="none" opacity="0.6"/>`,
      light,
    ),
  business: () =>
    svg(
      W,
      H,
      blobs(W, H, 5, [C.blue, C.green]) +
        windowFrame(
          140,
          80,
          520,
          340,
          bars(200, 170, 400, 200, [0.35, 0.5, 0.45, 0.7, 0.62, 0.9]) +
            `<polyline points="205,330 285,300 365,310 445,240 525,250 600,180" fill="none" stroke="${C.green}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`,
        ),
      ['#eff6ff', '#f0fdf4'],
    ),
  automation: () =>
    svg(
      W,
      H,
      blobs(W, H, 6, [C.teal, C.violet]) +
        gear(330, 240, 110, 12, C.blue) +
        gear(500, 170, 70, 10, C.violet) +
        gear(510, 340, 60, 9, C.teal) +
        `<path d="M90 420 h140 M570 80 h140" stroke="${C.slate}" stroke-width="6" stroke-linecap="round" stroke-dasharray="4 18"/>`,
      ['#f5f3ff', '#ecfeff'],
    ),
  success: () =>
    svg(
      W,
      H,
      blobs(W, H, 7, [C.amber, C.green]) +
        `<polyline points="90,400 250,300 360,340 520,180 690,110" fill="none" stroke="url(#brand)" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/><path d="M655 90 l60 10 l-20 56 z" fill="${C.violet}"/>
       <g filter="url(#shadow)"><path d="M330 150 h140 v40 a70 70 0 0 1 -140 0 z" fill="url(#warm)"/></g><rect x="385" y="255" width="30" height="40" fill="${C.amber}"/><rect x="350" y="295" width="100" height="22" rx="6" fill="${C.slate}"/>`,
      ['#fffbeb', '#f0fdf4'],
    ),
  'team-work': () =>
    svg(
      W,
      H,
      blobs(W, H, 8, [C.pink, C.blue, C.teal]) +
        `<g filter="url(#shadow)"><rect x="170" y="300" width="460" height="40" rx="20" fill="${C.white}"/></g>` +
        person(260, 260, 90, C.blue) +
        person(400, 240, 105, C.violet) +
        person(540, 260, 90, C.teal) +
        `<path d="M300 120 q100 -70 200 0" stroke="${C.amber}" stroke-width="8" fill="none" stroke-linecap="round"/><circle cx="300" cy="120" r="10" fill="${C.amber}"/><circle cx="500" cy="120" r="10" fill="${C.amber}"/>`,
      ['#fdf2f8', '#eff6ff'],
    ),
}

export const gallery = [
  () =>
    svg(
      W,
      H,
      blobs(W, H, 11, [C.blue, C.violet]) +
        windowFrame(
          120,
          70,
          560,
          360,
          `<rect x="120" y="114" width="150" height="316" fill="${C.paper}"/>` +
            rows(145, 140, [90, 70, 100, 80, 60]) +
            rows(
              300,
              140,
              [240, 320, 280, 200, 300, 260, 180].map((w) => w),
              '#bfdbfe',
            ),
        ),
      light,
    ),
  () =>
    svg(
      W,
      H,
      blobs(W, H, 12, [C.teal, C.green]) +
        windowFrame(
          110,
          60,
          580,
          380,
          bars(150, 140, 250, 250, [0.4, 0.7, 0.55, 0.9]) +
            `<circle cx="560" cy="250" r="95" fill="none" stroke="${C.line}" stroke-width="34"/><circle cx="560" cy="250" r="95" fill="none" stroke="url(#cool)" stroke-width="34" stroke-dasharray="400 600" transform="rotate(-90 560 250)"/>`,
        ),
      ['#f0fdfa', '#f8fafc'],
    ),
  () =>
    svg(
      W,
      H,
      blobs(W, H, 13, [C.violet, C.pink]) +
        [
          [140, 120],
          [400, 80],
          [620, 200],
          [300, 320],
          [560, 380],
        ]
          .map(
            ([x, y], i, a) =>
              (i
                ? `<path d="M${a[i - 1][0] + 60} ${a[i - 1][1] + 30} C ${x - 40} ${a[i - 1][1] + 30}, ${a[i - 1][0] + 100} ${y + 30}, ${x} ${y + 30}" stroke="${C.slate}" stroke-width="4" fill="none"/>`
                : '') +
              `<g filter="url(#shadow)"><rect x="${x - 60}" y="${y}" width="120" height="60" rx="14" fill="${[C.blue, C.violet, C.teal, C.amber, C.pink][i]}"/></g>`,
          )
          .join(''),
      ['#faf5ff', '#fdf2f8'],
    ),
  () =>
    svg(
      W,
      H,
      blobs(W, H, 14, [C.sky, C.blue]) +
        `<g filter="url(#shadow)"><rect x="140" y="90" width="330" height="70" rx="24" fill="${C.white}"/><rect x="330" y="190" width="330" height="70" rx="24" fill="url(#brand)"/><rect x="140" y="290" width="280" height="70" rx="24" fill="${C.white}"/></g>` +
        rows(170, 118, [220], C.line, 0, 14) +
        `<rect x="360" y="218" width="260" height="14" rx="7" fill="#fff" opacity="0.9"/>` +
        rows(170, 318, [200], C.line, 0, 14) +
        `<circle cx="190" cy="420" r="8" fill="${C.slate}"/><circle cx="215" cy="420" r="8" fill="${C.slate}" opacity="0.6"/><circle cx="240" cy="420" r="8" fill="${C.slate}" opacity="0.3"/>`,
      ['#f0f9ff', '#eef2ff'],
    ),
  () =>
    svg(
      W,
      H,
      blobs(W, H, 15, [C.amber, C.pink]) +
        `<path d="M400 70 c60 50 80 140 60 230 h-120 c-20 -90 0 -180 60 -230 z" fill="${C.white}" filter="url(#shadow)"/><circle cx="400" cy="190" r="32" fill="url(#brand)"/><path d="M340 300 l-50 60 l70 -20 z M460 300 l50 60 l-70 -20 z" fill="${C.violet}"/><path d="M370 310 q30 120 60 0 z" fill="url(#warm)"/>` +
        network(800, 500, 15, 10, C.amber).replace(/r="9"/g, 'r="4"'),
      ['#fff7ed', '#fdf4ff'],
    ),
  () =>
    svg(
      W,
      H,
      blobs(W, H, 16, [C.blue, C.teal]) +
        person(250, 250, 80, C.blue) +
        person(550, 250, 80, C.teal) +
        `<g filter="url(#shadow)"><rect x="330" y="150" width="140" height="100" rx="16" fill="${C.white}"/></g>` +
        rows(350, 175, [100, 80, 90], C.line, 22, 10) +
        `<path d="M150 380 h500" stroke="${C.line}" stroke-width="10" stroke-linecap="round"/>`,
      light,
    ),
  () =>
    svg(
      W,
      H,
      blobs(W, H, 17, [C.sky, C.violet]) +
        `<g filter="url(#shadow)"><path d="M250 300 a70 70 0 0 1 20 -137 a100 100 0 0 1 190 -20 a80 80 0 0 1 90 157 z" fill="${C.white}"/></g>` +
        network(600, 160, 17, 9, C.blue, 100, 320) +
        `<line x1="400" y1="300" x2="400" y2="360" stroke="${C.blue}" stroke-width="4"/>`,
      ['#eef2ff', '#ecfeff'],
    ),
  () =>
    svg(
      W,
      H,
      blobs(W, H, 18, [C.pink, C.blue]) +
        `<g filter="url(#shadow)"><rect x="300" y="50" width="200" height="400" rx="36" fill="${C.ink}"/></g><rect x="314" y="80" width="172" height="340" rx="20" fill="${C.paper}"/><rect x="330" y="100" width="140" height="90" rx="14" fill="url(#brand)"/>` +
        rows(330, 210, [120, 140, 100, 130], C.line, 28, 12) +
        `<rect x="330" y="340" width="140" height="40" rx="20" fill="url(#warm)"/><circle cx="180" cy="180" r="40" fill="${C.teal}" opacity="0.7"/><rect x="570" y="260" width="110" height="110" rx="24" fill="${C.violet}" opacity="0.7"/>`,
      ['#fdf2f8', '#eff6ff'],
    ),
]

export function hero(i) {
  const w = 1920
  const h = 1080
  const r = rng(100 + i)
  const waves = Array.from({ length: 6 }, (_, k) => {
    const y = 200 + k * 140 + r() * 60
    return `<path d="M0 ${y} C ${480} ${y - 120 - r() * 80}, ${1440} ${y + 120 + r() * 80}, ${1920} ${y}" stroke="${[C.blue, C.violet, C.teal][k % 3]}" stroke-width="${3 + r() * 4}" fill="none" opacity="0.5"/>`
  }).join('')
  const body = [
    waves + network(1920, 1080, 200 + i, 26, C.blue),
    network(1920, 1080, 300 + i, 40, C.violet) + blobs(w, h, 400 + i, [C.sky, C.pink, C.amber]),
    blobs(w, h, 500 + i, [C.blue, C.violet, C.teal, C.amber]) + waves,
    gear(1500, 300, 220, 14, C.blue) +
      gear(1750, 650, 150, 12, C.violet) +
      network(1200, 1080, 600 + i, 22, C.teal),
    waves + blobs(w, h, 700 + i, [C.violet, C.blue]) + network(1920, 540, 800 + i, 18, C.blue, 0, 540),
  ][i - 1]
  return svg(w, h, body, ['#eef2ff', '#f0f9ff'])
}
