// The body editor itself (TipTap on ProseMirror), loaded only when the rich-text island wakes
// on a desk page: the server renders the island's plain textarea and never runs this code.
// Its schema is the server's allow-list (src/posts/sanitize.ts): paragraphs, headings 2 and
// 3, bold, italic, lists, quotes, links and line breaks; nothing it could write is dropped
// on save, and nothing the allow-list drops can be written.
import { Editor } from '@tiptap/core'
import Link from '@tiptap/extension-link'
import StarterKit from '@tiptap/starter-kit'

export interface EditorSetup {
  element: HTMLElement
  html: string
  lang: string
  dir: 'rtl' | 'ltr'
  /** The id of the label that names the editing area. */
  labelledBy: string
  describedBy?: string | undefined
  onChange: (html: string) => void
}

export function createEditor(setup: EditorSetup): Editor {
  const attributes: Record<string, string> = {
    lang: setup.lang,
    dir: setup.dir,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': setup.labelledBy,
    class: 'rich-text-area',
  }
  if (setup.describedBy) attributes['aria-describedby'] = setup.describedBy
  return new Editor({
    element: setup.element,
    content: setup.html,
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        link: false,
        heading: { levels: [2, 3] },
      }),
      // Links open in the same tab with no target (as the allow-list keeps them); only
      // https and mailto survive the server, so only those are made.
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['https', 'mailto'],
        HTMLAttributes: { target: null, rel: null, class: null },
      }),
    ],
    editorProps: { attributes },
    onUpdate: ({ editor }) => setup.onChange(editor.isEmpty ? '' : editor.getHTML()),
  })
}

export type { Editor }
