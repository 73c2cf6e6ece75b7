// Media tab (spec §2): a static empty placeholder with no working upload. It says where uploads
// really happen (project and blog dialogs).
import { Upload } from 'lucide-react'
import { Section } from '../../components/list/Section'
import { texts } from '../../texts'

export function MediaTab() {
  const t = texts.media
  return (
    <Section title={t.heading} id="admin-media">
      <div className="admin-dropzone" data-testid="media-placeholder">
        <Upload size={36} aria-hidden />
        <p className="admin-dropzone__title">{t.empty}</p>
        <p className="admin-muted">{t.supported}</p>
        <p className="admin-muted">{t.note}</p>
      </div>
    </Section>
  )
}
