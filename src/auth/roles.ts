// Who may do what in the newsroom (decision 077): each role can do what the roles before it
// can (reader < contributor < editor < admin). The API's guards and the desk's screens ask
// the same question here.
import type { DeskPost } from '../db/desk-posts.ts'
import type { Role } from '../db/users.ts'

const ROLE_RANK: Record<Role, number> = { reader: 0, contributor: 1, editor: 2, admin: 3 }

/** Whether `user` may do what `role` may. */
export function hasRole(user: { role: Role }, role: Role): boolean {
  return ROLE_RANK[user.role] >= ROLE_RANK[role]
}

/**
 * Whether `user` may change `post`: an editor any post, a contributor their own while it is
 * a draft or in review. Once a post is out or scheduled, it is the desk's (decision 077).
 */
export function mayChangePost(user: { id: string; role: Role }, post: Pick<DeskPost, 'createdBy' | 'status'>): boolean {
  return hasRole(user, 'editor') || (post.createdBy === user.id && (post.status === 'draft' || post.status === 'review'))
}

/**
 * Whether `user` may change a library item's credit, licence or text: an editor any item; a
 * contributor only one they uploaded, and only while no published or scheduled post shows it
 * (as its cover or a clip), since readers would see the change at once. The same line as a
 * post's (decision 077): once something is out, what readers see is the desk's to change.
 */
export function mayChangeMedia(user: { id: string; role: Role }, item: { createdBy: { id: string } | null; usedByPostsOut: boolean }): boolean {
  return hasRole(user, 'editor') || (item.createdBy?.id === user.id && !item.usedByPostsOut)
}
