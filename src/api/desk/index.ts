// The newsroom's JSON API (docs/desk-api.md): the same envelope, bearer tokens and 422 rules
// as the sign-in API. Every call checks the caller's role on the server, and every change is
// written to the audit log in its own transaction.
import { Hono } from 'hono'
import { privateNoStore } from '../../middleware/private.ts'
import type { AppEnv } from '../../types.ts'
import { deskAudit } from './audit.ts'
import { deskClubMerge } from './club-merge.ts'
import { deskConflicts } from './conflicts.ts'
import { deskDataSync } from './data-sync.ts'
import { deskFootball } from './football.ts'
import { deskInbox } from './inbox.ts'
import { deskMatches } from './matches.ts'
import { deskMedia } from './media.ts'
import { deskPosts } from './posts.ts'
import { deskTags } from './tags.ts'
import { deskUsers } from './users.ts'

export const desk = new Hono<AppEnv>()

// Drafts, accounts and the inbox are for the caller's eyes only: no cache keeps them.
desk.use(privateNoStore)

desk.route('/posts', deskPosts)
desk.route('/tags', deskTags)
desk.route('/audit', deskAudit)
desk.route('/users', deskUsers)
desk.route('/inbox', deskInbox)
desk.route('/media', deskMedia)
desk.route('/matches', deskMatches)
desk.route('/', deskFootball)
desk.route('/', deskClubMerge)
desk.route('/conflicts', deskConflicts)
desk.route('/data', deskDataSync)
