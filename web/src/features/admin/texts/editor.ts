// The rich text editor of post and page bodies (issue 49, "The editor itself").
export const editor = {
  /** The view switch of one body ("View of the Dutch body"): never the field's label, which names the field. */
  viewOf: (body: string) => `View of the ${body}`,
  rich: 'Editor',
  html: 'HTML',
  bodies: { content_nl: 'Dutch body', content_en: 'English body' } as Record<string, string>,
  toolbar: (body: string) => `Formatting of the ${body}`,
  loading: 'Loading the editor…',
  htmlHint:
    'HTML is allowed: the site keeps headings, lists, links, images and tables, and removes the rest.',
  unsupported: (parts: string) =>
    `This text holds parts the editor cannot keep (${parts}): edit it here as HTML, or remove them to use the editor.`,
  parts: { table: 'a table', ids: 'note links', other: 'other markup' } as Record<string, string>,
  paragraph: 'Paragraph',
  heading: (level: number) => `Heading ${level}`,
  bold: 'Bold',
  italic: 'Italic',
  bulletList: 'Bulleted list',
  orderedList: 'Numbered list',
  quote: 'Quote',
  code: 'Code',
  codeBlock: 'Code block',
  link: 'Link',
  undo: 'Undo',
  redo: 'Redo',
  /** A button's name with its keyboard shortcut (Tiptap's own). */
  withKeys: (name: string, keys: string) => `${name} (${keys})`,
  linkAddress: 'Link address',
  linkHint: 'https://…, mailto:… or a path on this site (/contact)',
  applyLink: 'Apply link',
  removeLink: 'Remove link',
  badLink: 'Use an address starting with https://, http://, mailto: or /',
  alt: 'Alt text of the selected image',
  altHint: "Describes the image for people who cannot see it. Empty: the library's alt text is used.",
}
