// The newsroom's JSON API (docs/desk-api.md): the same envelope, bearer tokens and 422 rules
// as the sign-in API. Every call checks the caller's role on the server, and every change is
// written to the audit log in its own transaction.
import { Hono } from 'hono'
import { privateNoStore } from '../../middleware/private.ts'
import type { AppEnv } from '../../types.ts'
import { deskAudit } from './audit.ts'
import { deskChannels } from './channels.ts'
import { deskClubMerge } from './club-merge.ts'
import { deskCompetitionOrder } from './competition-order.ts'
import { deskCompetitions } from './competitions.ts'
import { deskConflicts } from './conflicts.ts'
import { deskDataSync } from './data-sync.ts'
import { deskFixtures } from './fixtures.ts'
import { deskFootball } from './football.ts'
import { deskInbox } from './inbox.ts'
import { deskMatches } from './matches.ts'
import { deskMedia } from './media.ts'
import { deskPosts } from './posts.ts'
import { deskSeasons } from './seasons.ts'
import { deskTags } from './tags.ts'
import { deskUsers } from './users.ts'

export const deskApi = new Hono<AppEnv>()

// Drafts, accounts and the inbox are for the caller's eyes only: no cache keeps them.
deskApi.use(privateNoStore)

deskApi.route('/posts', deskPosts)
deskApi.route('/tags', deskTags)
deskApi.route('/audit', deskAudit)
deskApi.route('/users', deskUsers)
deskApi.route('/inbox', deskInbox)
deskApi.route('/media', deskMedia)
deskApi.route('/matches', deskMatches)
deskApi.route('/', deskFixtures)
deskApi.route('/', deskFootball)
deskApi.route('/', deskSeasons)
deskApi.route('/', deskClubMerge)
deskApi.route('/', deskChannels)
deskApi.route('/', deskCompetitionOrder)
// After the order of the big ones: /competitions/order is that list, not a competition.
deskApi.route('/competitions', deskCompetitions)
deskApi.route('/conflicts', deskConflicts)
deskApi.route('/data', deskDataSync)
