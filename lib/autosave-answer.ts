// What the post editor's autosave address answers (src/routes/desk/posts.tsx) and its island
// reads (client/islands/desk-autosave.tsx).
export interface AutosaveAnswer {
  status: number
  message: string
  /** When the form was saved (ISO): the island shows it as "Saved at 21:40". */
  savedAt?: string
  /** After the first save of a new post: its editor, its save and its autosave addresses. */
  editor?: string
  save?: string
  autosave?: string
  errors?: Record<string, string>
}
