// A post body in one language (issue 15). The server renders a plain textarea of HTML: that
// is the whole editor without JavaScript, and what the form posts either way. When the
// island wakes it loads TipTap (client/desk/tiptap-editor.ts), hides the textarea and writes
// the editor's HTML back into it on every change, firing `input` so autosave notices.
// The toolbar is one tab stop: arrow keys move between its buttons (the ARIA toolbar pattern).
import { useLingui } from '@lingui/react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type KeyboardEvent, type ReactNode, useEffect, useReducer, useRef, useState } from 'react'
import type { Editor } from '../desk/tiptap-editor.ts'

export interface RichTextProps {
  /** The form field: "body.ar". */
  name: string
  id: string
  value: string
  lang: 'ar' | 'en'
  /** The id of the field's label. */
  labelId: string
  describedBy?: string | undefined
  invalid?: boolean
}

interface Tool {
  key: string
  label: MessageDescriptor
  /** The mark on the button: letters that read the same in both languages, or an icon. */
  glyph: ReactNode
  active: (editor: Editor) => boolean
  run: (editor: Editor) => void
}

/* eslint-disable lingui/no-unlocalized-strings -- the buttons' marks read the same in both languages; their names are translated */
const TOOLS: Tool[] = [
  { key: 'p', label: msg`Paragraph`, glyph: '¶', active: (e) => e.isActive('paragraph'), run: (e) => e.chain().focus().setParagraph().run() },
  { key: 'h2', label: msg`Heading`, glyph: 'H2', active: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { key: 'h3', label: msg`Subheading`, glyph: 'H3', active: (e) => e.isActive('heading', { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { key: 'b', label: msg`Bold`, glyph: 'B', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { key: 'i', label: msg`Italic`, glyph: 'I', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { key: 'ul', label: msg`Bulleted list`, glyph: '•', active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { key: 'ol', label: msg`Numbered list`, glyph: '1.', active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { key: 'q', label: msg`Quote`, glyph: '“', active: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
]

const LINK_START = 'https://'

/** Two rings of a chain, drawn across: the link button's mark. */
function ChainIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="2" y="8" width="11" height="8" rx="4" />
      <rect x="11" y="8" width="11" height="8" rx="4" />
    </svg>
  )
}
/* eslint-enable lingui/no-unlocalized-strings */

const LINK_PROMPT = msg`The link's address (https://…). Leave it empty to remove the link.`

export default function RichText({ name, id, value, lang, labelId, describedBy, invalid }: RichTextProps) {
  const { i18n } = useLingui()
  const textarea = useRef<HTMLTextAreaElement>(null)
  const host = useRef<HTMLDivElement>(null)
  const [editor, setEditor] = useState<Editor | null>(null)
  const [focusIndex, setFocusIndex] = useState(0)
  // The buttons say which styles apply where the caret is: redraw on every transaction.
  const [, redraw] = useReducer((n: number) => n + 1, 0)
  const dir = lang === 'ar' ? 'rtl' : 'ltr'

  useEffect(() => {
    // Never in the worker: the test tells the bundler so, and the worker's bundle leaves
    // ProseMirror out (as the captcha island does with its providers).
    if (import.meta.env.SSR) return
    let gone = false
    let made: Editor | null = null
    void import('../desk/tiptap-editor.ts').then(({ createEditor }) => {
      const area = textarea.current
      if (gone || !area || !host.current) return
      made = createEditor({
        element: host.current,
        html: area.value,
        lang,
        dir,
        labelledBy: labelId,
        describedBy,
        onChange: (html) => {
          area.value = html
          area.dispatchEvent(new Event('input', { bubbles: true }))
        },
      })
      made.on('transaction', redraw)
      made.on('blur', () => area.dispatchEvent(new Event('blur', { bubbles: true })))
      setEditor(made)
    })
    return () => {
      gone = true
      made?.destroy()
    }
    // The editor is made once; later props do not remake it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  function link(current: Editor): void {
    const before = (current.getAttributes('link').href as string | undefined) ?? LINK_START
    const address = window.prompt(i18n._(LINK_PROMPT), before)
    if (address === null) return
    const chain = current.chain().focus().extendMarkRange('link')
    if (address.trim() === '' || address.trim() === LINK_START) chain.unsetLink().run()
    else chain.setLink({ href: address.trim() }).run()
  }

  const buttons = [
    ...TOOLS.map((tool) => ({ key: tool.key, label: i18n._(tool.label), glyph: tool.glyph, pressed: editor ? tool.active(editor) : false, run: () => editor && tool.run(editor) })),
    { key: 'a', label: i18n._(msg`Link`), glyph: <ChainIcon />, pressed: editor ? editor.isActive('link') : false, run: () => editor && link(editor) },
  ]

  function onToolbarKey(event: KeyboardEvent<HTMLDivElement>): void {
    // Arrow keys follow the reading direction: in Arabic, ArrowLeft goes to the next button.
    const step = { ArrowRight: dir === 'rtl' ? -1 : 1, ArrowLeft: dir === 'rtl' ? 1 : -1 }[event.key as 'ArrowRight']
    let next: number | null = null
    if (step !== undefined) next = (focusIndex + step + buttons.length) % buttons.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = buttons.length - 1
    if (next === null) return
    event.preventDefault()
    setFocusIndex(next)
    event.currentTarget.querySelectorAll('button')[next]?.focus()
  }

  return (
    <div className="rich-text" data-ready={editor ? '' : undefined}>
      {editor ? (
        <div className="rich-text-toolbar" role="toolbar" aria-label={i18n._(msg`Formatting`)} aria-controls={`${id}-editor`} dir={dir} onKeyDown={onToolbarKey}>
          {buttons.map((button, index) => (
            <button
              key={button.key}
              type="button"
              className="rich-text-button"
              aria-pressed={button.pressed}
              aria-label={button.label}
              title={button.label}
              tabIndex={index === focusIndex ? 0 : -1}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                setFocusIndex(index)
                button.run()
              }}
            >
              <span aria-hidden="true">{button.glyph}</span>
            </button>
          ))}
        </div>
      ) : null}
      <div ref={host} id={`${id}-editor`} className="rich-text-host" hidden={!editor} />
      <textarea
        ref={textarea}
        id={id}
        name={name}
        lang={lang}
        dir={dir}
        rows={14}
        defaultValue={value}
        hidden={editor !== null}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
    </div>
  )
}
