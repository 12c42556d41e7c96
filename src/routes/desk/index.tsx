// The newsroom's screens (issue 15), under /{lang}/desk: one module per screen group, each
// reading through the typed readers of the desk API's modules (src/api/desk) and writing
// through the desk API (src/desk/desk-calls.ts). Everything here is the
// account's own: never cached, never indexed, and only for a contributor or above.
import { msg } from '@lingui/core/macro'
import { Hono } from 'hono'
import { readDeskInbox } from '../../api/desk/inbox.ts'
import { readDeskPosts } from '../../api/desk/posts.ts'
import { hasRole } from '../../auth/roles.ts'
import { currentUser } from '../../auth/current-user.ts'
import { DeskOverview } from '../../components/desk/overview.tsx'
import { deskRenderer } from '../../layouts/renderers.tsx'
import { deskRole } from '../../middleware/guards.ts'
import { privateNoStore } from '../../middleware/private.ts'
import type { AppEnv } from '../../types.ts'
import { deskAccountScreens } from './accounts.tsx'
import { deskChannelScreens } from './channels.tsx'
import { deskOrderScreens } from './competition-order.tsx'
import { deskCompetitionScreens } from './competitions.tsx'
import { deskDataScreens } from './data.tsx'
import { deskFixtureScreens } from './fixtures.tsx'
import { deskFootballScreens } from './football.tsx'
import { deskInboxScreens } from './inbox.tsx'
import { deskMatchScreens } from './matches.tsx'
import { deskMediaScreens } from './media.tsx'
import { deskPostScreens } from './posts.tsx'
import { deskSeasonScreens } from './seasons.tsx'

export const deskScreens = new Hono<AppEnv>()

deskScreens.use('/desk', privateNoStore, deskRole('contributor'), deskRenderer)
deskScreens.use('/desk/*', privateNoStore, deskRole('contributor'), deskRenderer)

// The overview: what waits for the account. A contributor sees their drafts and what they
// sent for review; an editor also what is scheduled and the new messages.
deskScreens.get('/desk', async (c) => {
  const user = (await currentUser(c))!
  const editor = hasRole(user, 'editor')
  const [drafts, review, scheduled, inbox] = await Promise.all([
    readDeskPosts(c, { status: 'draft', mine: '1', limit: 10 }),
    readDeskPosts(c, { status: 'review', limit: 10 }),
    editor ? readDeskPosts(c, { status: 'scheduled', limit: 10 }) : [],
    editor ? readDeskInbox(c, { status: 'new', limit: 10 }) : [],
  ])
  return c.render(<DeskOverview drafts={drafts} review={review} scheduled={scheduled} inbox={inbox} editor={editor} />, {
    title: c.var.i18n._(msg`Newsroom`),
  })
})

deskScreens.route('/', deskInboxScreens)
deskScreens.route('/', deskAccountScreens)
deskScreens.route('/', deskFootballScreens)
// After the football screens, whose editor-only guard on /desk/clubs and /desk/players it relies on.
deskScreens.route('/', deskSeasonScreens)
deskScreens.route('/', deskFixtureScreens)
deskScreens.route('/', deskMatchScreens)
deskScreens.route('/', deskChannelScreens)
deskScreens.route('/', deskOrderScreens)
// After the order of the big ones: /desk/competitions/order is that screen, not a competition.
deskScreens.route('/', deskCompetitionScreens)
deskScreens.route('/', deskPostScreens)
deskScreens.route('/', deskMediaScreens)
deskScreens.route('/', deskDataScreens)
