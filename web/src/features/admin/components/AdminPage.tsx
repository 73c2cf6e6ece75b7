// The /admin dashboard (spec §2): breadcrumb 'Admin Dashboard / Content Management' back to '/',
// tabs Content (default), Blog, Pages, Projects, Features, Media, Settings, plus the Inbox of
// consultation requests and the Audit log. Loaded with a dynamic import (its own chunk), shown to signed-in users only.
// `?tab=blog` opens another tab first (the upload dialogs link to the Blog tab's imports).
import type { ComponentType } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components'
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
  audit: AuditTab,
} as const
type Tab = keyof typeof TABS

const isTab = (name: string | null): name is Tab => name !== null && Object.hasOwn(TABS, name)

export default function AdminPage() {
  const t = texts
  const asked = useSearchParams()[0].get('tab')
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
      <Tabs defaultValue={isTab(asked) ? asked : 'content'}>
        <TabsList aria-label={t.contentManagement} className="admin-tabs">
          {(Object.keys(TABS) as Tab[]).map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {t.tabs[tab]}
            </TabsTrigger>
          ))}
        </TabsList>
        {(Object.entries(TABS) as [Tab, ComponentType][]).map(([tab, Component]) => (
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
