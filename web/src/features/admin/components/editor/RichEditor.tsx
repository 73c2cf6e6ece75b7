// The rich text editor of one body (issue 49), on Tiptap (ProseMirror): paragraphs, headings, bold,
// italic, links, lists, quotes, code, rules and library images, with Tiptap's keyboard shortcuts.
// Its own chunk (React.lazy in BodyField), loaded in the admin only: Tiptap needs `window`, and the
// public pages never ship it. It edits the form's HTML string: a user's edit emits the editor's
// HTML, a value changed from outside (the HTML view, an import, a restore) is loaded back, and
// merely opening a body emits nothing (no unsaved changes from a normalisation).
import { useEffect, useRef } from 'react'
import { EditorContent, useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import Image from '@tiptap/extension-image'
import { cleanPastedHtml } from './cleanPaste'
import { EditorToolbar } from './EditorToolbar'

export interface RichEditorProps {
  id: string
  labelId: string
  describedBy?: string
  value: string
  onChange: (html: string) => void
  /** The body's language: an image from the library comes with its alt text in it. */
  language: 'nl' | 'en'
  /** "Dutch body": names the toolbar. */
  body: string
  /** The insert button's accessible name (one per body). */
  insertName: string
  disabled?: boolean
  invalid?: boolean
}

/** The editable element's attributes (named by the field's label, its hint and error) and the paste cleaning. */
function editorProps(p: Pick<RichEditorProps, 'id' | 'labelId' | 'describedBy' | 'invalid'>) {
  return {
    attributes: {
      id: p.id,
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': p.labelId,
      ...(p.describedBy ? { 'aria-describedby': p.describedBy } : {}),
      ...(p.invalid ? { 'aria-invalid': 'true' } : {}),
      class: 'admin-rich__content input',
    },
    transformPastedHTML: cleanPastedHtml,
  }
}

export default function RichEditor(props: RichEditorProps) {
  const { id, labelId, describedBy, value, onChange, disabled, invalid } = props
  const emitted = useRef(value)
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
  }, [onChange])
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // Internal and external links alike open in the same tab; the sanitizer sets rel itself.
        link: {
          openOnClick: false,
          autolink: true,
          HTMLAttributes: { target: null, rel: null, class: null },
        },
      }),
      Image.configure({ inline: false }),
    ],
    content: value,
    editable: !disabled,
    // Rendered in the browser only (the admin is client-side): no server markup to hydrate.
    immediatelyRender: false,
    editorProps: editorProps(props),
    onUpdate: ({ editor: e }) => {
      // Without the empty paragraph the editor keeps after a last image or list (room to type on).
      const html = e.isEmpty ? '' : e.getHTML().replace(/(<p><\/p>)+$/, '')
      emitted.current = html
      onChangeRef.current(html)
    },
  })
  useEffect(() => {
    if (!editor || value === emitted.current) return
    emitted.current = value
    editor.commands.setContent(value, { emitUpdate: false })
  }, [editor, value])
  useEffect(() => {
    editor?.setEditable(!disabled, false)
  }, [editor, disabled])
  useEffect(() => {
    editor?.setOptions({ editorProps: editorProps({ id, labelId, describedBy, invalid }) })
  }, [editor, id, labelId, describedBy, invalid])
  return (
    <div className="admin-rich" data-testid={`${id}-rich`}>
      {editor ? <EditorToolbar editor={editor} {...props} /> : null}
      <EditorContent editor={editor} />
    </div>
  )
}
