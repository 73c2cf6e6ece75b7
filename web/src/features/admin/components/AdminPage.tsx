// The /admin dashboard (spec §2): breadcrumb 'Admin Dashboard / Content Management' back to '/',
// tabs Content (default), Blog, Pages, Projects, Features, Media, Settings, plus the Inbox of
// consultation requests, Analytics and the Audit log. Loaded with a dynamic import (its own chunk), shown to signed-in users only.
// The open tab is the URL's `?tab=` (none: Content): a tab click pushes it, so reload keeps the tab
// and Back returns to the previous one (the upload dialogs link to `?tab=blog`).
import type { ComponentType } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components'
import { AnalyticsTab } from '../tabs/analytics/AnalyticsTab'
import { AuditTab } from '../tabs/audit/AuditTab'
import { BlogTab } from '../tabs/blog/BlogTab'
import { ContentTab } from '../tabs/content/ContentTab'
import { UnsavedChangesGuard } from './dialog/UnsavedChangesGuard'
import { FeaturesTab } from '../tabs/features/FeaturesTab'
import { InboxTab } from '../tabs/inbox/InboxTab'
import { MediaTab } from '../tabs/media/MediaTab'
import { PagesTab } from '../tabs/pages/PagesTab'
import { ProjectsTab } from '../tabs/projects/ProjectsTab'
import { SettingsTab } from '../tabs/settings/SettingsTab'
import { UsersTab } from '../tabs/users/UsersTab'
import { TranslationsTab } from '../tabs/translations/TranslationsTab'
import { roleCan, type Capability } from '@site/contracts/role-table'
import { useAuth } from '@/stores/auth'
import '../admin.css'
import '../admin-forms.css'
import { texts } from '../texts'

const TABS = {
  content: ContentTab,
  blog: BlogTab,
  pages: PagesTab,
  projects: ProjectsTab,
  features: FeaturesTab,
  media: MediaTab,
  settings: SettingsTab,
  inbox: InboxTab,
  translations: TranslationsTab,
  analytics: AnalyticsTab,
  audit: AuditTab,
  users: UsersTab,
} as const
type Tab = keyof typeof TABS

const isTab = (name: string | null): name is Tab => name !== null && Object.hasOwn(TABS, name)

/** What a tab needs (contracts ROLE_CAPABILITIES): a role sees the tabs it can use (issue 46). */
const NEEDS: Record<Tab, Capability[]> = {
  content: ['content.edit', 'translate'],
  blog: ['content.read', 'posts.own'],
  pages: ['content.read'],
  projects: ['content.read'],
  features: ['content.read'],
  media: ['content.read', 'media.upload'],
  settings: ['account'],
  inbox: ['inbox'],
  translations: ['content.read'],
  analytics: ['analytics'],
  audit: ['audit'],
  users: ['users'],
}

export default function AdminPage() {
  const t = texts
  const [params, setParams] = useSearchParams()
  const asked = params.get('tab')
  const role = useAuth((s) => s.user?.role)
  const shown = (Object.keys(TABS) as Tab[]).filter((tab) => NEEDS[tab].some((c) => roleCan(role, c)))
  const first = shown[0] ?? 'settings'
  const open: Tab = isTab(asked) && shown.includes(asked) ? asked : first
  // The first tab is the plain /admin; another one is ?tab=<name>, pushed (Back returns).
  const select = (tab: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (tab === first) next.delete('tab')
        else next.set('tab', tab)
        return next
      },
      { preventScrollReset: true },
    )
  return (
    <div className="container page admin">
      <nav aria-label={t.breadcrumb} className="breadcrumb">
        <ol className="admin-breadcrumb">
          <li>
            <Link to="/">{t.dashboard}</Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <span aria-current="page">{t.contentManagement}</span>
          </li>
        </ol>
      </nav>
      <h1 className="sr-only">{t.dashboard}</h1>
      <UnsavedChangesGuard />
      {/* Tabs mount their content only while active (each list loads when first shown); the content
          form stays mounted so unsaved edits survive a look at another tab. */}
      <Tabs value={open} onValueChange={select}>
        <TabsList aria-label={t.contentManagement} className="admin-tabs">
          {shown.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {t.tabs[tab]}
            </TabsTrigger>
          ))}
        </TabsList>
        {(Object.entries(TABS) as [Tab, ComponentType][])
          .filter(([tab]) => shown.includes(tab))
          .map(([tab, Component]) => (
            <TabsContent
              key={tab}
              value={tab}
              {...(tab === 'content' ? { forceMount: true as const, className: 'admin-tab--kept' } : {})}
            >
              <Component />
            </TabsContent>
          ))}
      </Tabs>
    </div>
  )
}
