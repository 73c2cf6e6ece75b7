// Demo pictures, drawn with sharp (a root devDependency) from SVG: a gradient, a few shapes and the
// project's title, distinct per project, as JPEG of the size the project cards show.
import sharp from 'sharp'

const PALETTES = [
  ['#2563eb', '#7c3aed'],
  ['#059669', '#0ea5e9'],
  ['#ea580c', '#db2777'],
  ['#0f766e', '#65a30d'],
  ['#4338ca', '#0891b2'],
  ['#b45309', '#dc2626'],
]

const escapeXml = (s) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A 1200×675 JPEG for the n-th project (0-based) with its title on it. */
export async function projectPicture(n, title) {
  const [from, to] = PALETTES[n % PALETTES.length]
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = (i * 211 + n * 97) % 1200
    const y = (i * 137 + n * 53) % 675
    return `<circle cx="${x}" cy="${y}" r="${60 + ((i * 37) % 120)}" fill="white" fill-opacity="0.${1 + (i % 3)}"/>`
  }).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="1200" height="675" fill="url(#g)"/>${circles}
    <text x="60" y="600" font-family="sans-serif" font-size="52" font-weight="bold" fill="white">${escapeXml(title)}</text>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()
}
