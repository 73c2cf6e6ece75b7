// The editor's toolbar: block types, marks, lists, quote, code, a link, an image from the library
// (with its alt text in the body's language) and undo. Each button names Tiptap's shortcut for it;
// toggles say whether they are on (aria-pressed). A selected image shows its alt text to edit.
import { useState, type ReactNode } from 'react'
import { useEditorState, type Editor } from '@tiptap/react'
import {
  Bold,
  Code,
  CodeXml,
  Heading2,
  Heading3,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Pilcrow,
  Quote,
  Redo2,
  Undo2,
} from 'lucide-react'
import { texts } from '../../texts'
import { MediaPickerButton } from '../../tabs/media/MediaPicker'
import { LinkForm } from './LinkForm'
import type { RichEditorProps } from './RichEditor'

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl'

function Tool({
  label,
  keys,
  pressed,
  onClick,
  disabled,
  children,
}: {
  label: string
  keys?: string
  pressed?: boolean
  onClick: () => void
  disabled?: boolean
  children: ReactNode
}) {
  const name = keys ? texts.editor.withKeys(label, keys.replace('Mod', MOD)) : label
  return (
    <button
      type="button"
      className="admin-rich__tool"
      aria-label={name}
      title={name}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the editor's selection: the command refocuses it.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  )
}

/** A library image where the cursor is, with its alt text, then selected (its alt text shows to edit). */
function insertImage(editor: Editor, src: string, alt: string) {
  editor.chain().setImage({ src, alt }).run()
  const head = editor.state.selection.from
  let at = -1
  editor.state.doc.descendants((node, pos) => {
    if (node.type.name === 'image' && node.attrs.src === src && pos < head) at = pos
  })
  if (at >= 0) editor.commands.setNodeSelection(at)
}

export function EditorToolbar({
  editor,
  id,
  body,
  insertName,
  language,
  disabled,
}: { editor: Editor } & Pick<RichEditorProps, 'id' | 'body' | 'insertName' | 'language' | 'disabled'>) {
  const t = texts.editor
  const [linking, setLinking] = useState(false)
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      paragraph: e.isActive('paragraph'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('code'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      image: e.isActive('image'),
      alt: (e.getAttributes('image').alt as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  })
  const run = () => editor.chain().focus()
  return (
    <div className="admin-rich__bar">
      <div role="toolbar" aria-label={t.toolbar(body)} className="admin-rich__tools">
        <Tool
          label={t.paragraph}
          keys="Mod+Alt+0"
          pressed={s.paragraph}
          disabled={disabled}
          onClick={() => run().setParagraph().run()}
        >
          <Pilcrow size={16} aria-hidden />
        </Tool>
        <Tool
          label={t.heading(2)}
          keys="Mod+Alt+2"
          pressed={s.h2}
          disabled={disabled}
          onClick={() => run().toggleHeading({ level: 2 }).run()}
        >
          <Heading2 size={16} aria-hidden />
        </Tool>
        <Tool
          label={t.heading(3)}
          keys="Mod+Alt+3"
          pressed={s.h3}
          disabled={disabled}
          onClick={() => run().toggleHeading({ level: 3 }).run()}
        >
          <Heading3 size={16} aria-hidden />
        </Tool>
        <Tool
          label={t.bold}
          keys="Mod+B"
          pressed={s.bold}
          disabled={disabled}
          onClick={() => run().toggleBold().run()}
        >
          <Bold size={16} aria-hidden />
        </Tool>
        <Tool
          label={t.italic}
          keys="Mod+I"
          pressed={s.italic}
          disabled={disabled}
          onClick={() => run().toggleItalic().run()}
        >
          <Italic size={16} aria-hidden />
        </Tool>
        <Tool label={t.link} pressed={s.link} disabled={disabled} onClick={() => setLinking((v) => !v)}>
          <LinkIcon size={16} aria-hidden />
        </Tool>
        <Tool
          label={t.bulletList}
          keys="Mod+Shift+8"
          pressed={s.bullet}
          disabled={disabled}
          onClick={() => run().toggleBulletList().run()}
        >
          <List size={16} aria-hidden />
        </Tool>
        <Tool
          label={t.orderedList}
          keys="Mod+Shift+7"
          pressed={s.ordered}
          disabled={disabled}
          onClick={() => run().toggleOrderedList().run()}
        >
          <ListOrdered size={16} aria-hidden />
        </Tool>
        <Tool
          label={t.quote}
          keys="Mod+Shift+B"
          pressed={s.quote}
          disabled={disabled}
          onClick={() => run().toggleBlockquote().run()}
        >
          <Quote size={16} aria-hidden />
        </Tool>
        <Tool
          label={t.code}
          keys="Mod+E"
          pressed={s.code}
          disabled={disabled}
          onClick={() => run().toggleCode().run()}
        >
          <Code size={16} aria-hidden />
        </Tool>
        <Tool
          label={t.codeBlock}
          keys="Mod+Alt+C"
          pressed={s.codeBlock}
          disabled={disabled}
          onClick={() => run().toggleCodeBlock().run()}
        >
          <CodeXml size={16} aria-hidden />
        </Tool>
        <Tool
          label={t.undo}
          keys="Mod+Z"
          disabled={disabled || !s.canUndo}
          onClick={() => run().undo().run()}
        >
          <Undo2 size={16} aria-hidden />
        </Tool>
        <Tool
          label={t.redo}
          keys="Mod+Shift+Z"
          disabled={disabled || !s.canRedo}
          onClick={() => run().redo().run()}
        >
          <Redo2 size={16} aria-hidden />
        </Tool>
      </div>
      <MediaPickerButton
        label={texts.media.insert}
        name={insertName}
        disabled={disabled}
        onPick={(url, item) => insertImage(editor, url, item[`alt_${language}`] ?? '')}
        focusAfterPick={() => editor.commands.focus()}
      />
      {linking ? (
        <LinkForm
          id={`${id}-link`}
          href={s.href}
          onApply={(href) => {
            if (href) run().extendMarkRange('link').setLink({ href }).run()
            else run().extendMarkRange('link').unsetLink().run()
            setLinking(false)
          }}
          onCancel={() => {
            setLinking(false)
            editor.commands.focus()
          }}
        />
      ) : null}
      {s.image ? (
        <div className="field admin-rich__alt">
          <label className="label" htmlFor={`${id}-alt`}>
            {t.alt}
          </label>
          <input
            id={`${id}-alt`}
            className="input"
            value={s.alt}
            disabled={disabled}
            aria-describedby={`${id}-alt-hint`}
            onChange={(e) => editor.commands.updateAttributes('image', { alt: e.target.value })}
          />
          <p className="field__hint" id={`${id}-alt-hint`}>
            {t.altHint}
          </p>
        </div>
      ) : null}
    </div>
  )
}
