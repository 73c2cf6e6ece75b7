import {
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx'
import sharp from 'sharp'
import JSZip from 'jszip'

/** A Word document with what an admin's real files have: headings, a list, a table, a link, bold text. */
export async function makeDocx(
  opts: { title?: string; paragraphs?: number; text?: (i: number) => string; image?: Buffer } = {},
): Promise<Buffer> {
  const n = opts.paragraphs ?? 3
  const text =
    opts.text ?? ((i: number) => `Paragraaf ${i + 1} gaat over automatisering van processen voor het team.`)
  const children = [
    new Paragraph({ text: opts.title ?? 'Automatisering voor teams', heading: HeadingLevel.HEADING_1 }),
    ...Array.from(
      { length: n },
      (_v, i) => new Paragraph({ children: [new TextRun({ text: text(i), bold: i === 0 })] }),
    ),
    ...(opts.image ? [imageParagraph(opts.image, 'Schema van de werkwijze')] : []),
    new Paragraph({ text: 'Voordelen', heading: HeadingLevel.HEADING_2 }),
    new Paragraph({ text: 'Sneller werken', bullet: { level: 0 } }),
    new Paragraph({ text: 'Minder fouten', bullet: { level: 0 } }),
    new Table({
      rows: [
        new TableRow({
          children: [
            new TableCell({ children: [new Paragraph('Stap')] }),
            new TableCell({ children: [new Paragraph('Dagen')] }),
          ],
        }),
        new TableRow({
          children: [
            new TableCell({ children: [new Paragraph('MVP')] }),
            new TableCell({ children: [new Paragraph('5')] }),
          ],
        }),
      ],
    }),
    new Paragraph({
      children: [
        new TextRun('Meer op '),
        new ExternalHyperlink({
          link: 'https://example.com/mvp',
          children: [new TextRun({ text: 'onze site', style: 'Hyperlink' })],
        }),
      ],
    }),
  ]
  return Packer.toBuffer(new Document({ sections: [{ children }] }))
}

/** A paragraph holding one picture (JPEG or PNG) with its description (alt text). */
export function imageParagraph(data: Buffer, description = '') {
  const type = data[0] === 0xff ? 'jpg' : 'png'
  return new Paragraph({
    children: [
      new ImageRun({
        type,
        data,
        transformation: { width: 64, height: 48 },
        altText: { name: 'afbeelding', description, title: description },
      }),
    ],
  })
}

/** A .docx whose only content is one picture. */
export const pictureOnlyDocx = (image: Buffer) =>
  Packer.toBuffer(new Document({ sections: [{ children: [imageParagraph(image)] }] }))

/** A .docx with one empty paragraph: neither text nor images. */
export const emptyDocx = () =>
  Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('')] }] }))

/** A JPEG with EXIF metadata (camera, GPS-like comment) that an import must strip. */
export const jpegWithExif = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'GPS 52.37N 4.89E' } })
    .toBuffer()

export async function makeZip(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new JSZip()
  for (const [name, data] of Object.entries(entries)) zip.file(name, data)
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } })
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>'

/** Zip parts of a .docx whose document part is not XML: passes the upload checks, fails in the parser. */
export const corruptDocx = () =>
  makeZip({
    '[Content_Types].xml': CONTENT_TYPES,
    'word/document.xml': '<<< this is not xml',
    '_rels/.rels': 'nope',
  })

/** 8 MB of zeros in one part: a tiny file with an absurd compression ratio. */
export const zipBomb = () =>
  makeZip({ '[Content_Types].xml': CONTENT_TYPES, 'word/document.xml': Buffer.alloc(8 * 1024 * 1024) })

/** Many small parts (a zip bomb by entry count). */
export const manyEntries = () =>
  makeZip(
    Object.fromEntries([
      ['[Content_Types].xml', CONTENT_TYPES],
      ['word/document.xml', '<x/>'],
      ...Array.from({ length: 2100 }, (_v, i) => [`word/media/${i}.txt`, 'x']),
    ]),
  )

/** The first bytes of a PNG image. */
export const pngBytes = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
    Buffer.alloc(200, 7),
  ])

export const markdown = `---
title: Van idee naar prototype
tags: [mvp, prototyping]
---

# Een andere kop

Wij bouwen **snel** prototypes voor startups en marketingteams.

- Intake
- Plan binnen 48 uur

Zie [onze werkwijze](https://example.com/werkwijze) en <script>alert(1)</script> niets anders.
`
