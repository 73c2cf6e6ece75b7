// /projects (spec §2): title and subtitle, 6 skeletons while loading, a message when empty, cards
// (title, image or the default, 'Watch Demo' with a video URL, description, 'Visit' with a link
// URL, new tab). Signed-in users: 'Add Project' and a delete button per card (with a confirmation).
import { ExternalLink, Plus, PlayCircle, Trash2 } from 'lucide-react'
import { Suspense, lazy, useState } from 'react'
import { Button, Dialog, DialogContent, Picture, Skeleton, buttonClass } from '@/components'
import { useIsAdmin } from '@/stores/auth'
import { useLanguage, useT } from '@/i18n'
import { DEFAULT_IMAGES } from '@/lib/images'
import { useMutation } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import type { ImageInfo, Project } from '@site/contracts'
import { IMAGE_SIZES, altOf, useImageInfos } from '@/lib/responsiveImages'
import { useDocumentMeta } from '@/lib/useDocumentMeta'
import { toast } from '@/stores/toast'
import { deleteProject, useProjects } from '@/api/projects'
import { useOpenedOnce } from '@/lib/useOpenedOnce'
import '../projects.css'

// Signed-in only: its own chunk, loaded the first time the dialog opens.
const AddProjectDialog = lazy(() =>
  import('./AddProjectDialog').then((m) => ({ default: m.AddProjectDialog })),
)

export const PROJECT_SKELETONS = 6

function ProjectCard({
  project,
  canDelete,
  onDelete,
  image,
  first,
}: {
  project: Project
  canDelete: boolean
  onDelete: () => void
  image: ImageInfo | undefined
  first: boolean
}) {
  const p = useT().projects
  const { language } = useLanguage()
  return (
    <li className="projects-card" data-testid="project-card">
      <Picture
        src={project.image_url || DEFAULT_IMAGES.project}
        info={image}
        sizes={IMAGE_SIZES.cardGrid}
        // The library's alt text when it has one; else decoration (the title follows).
        alt={altOf(image, language, '')}
        eager={first}
        width={800}
        height={500}
        className="projects-card__image"
      />
      <div className="projects-card__body">
        <h2 className="projects-card__title">{project.title}</h2>
        {project.video_url ? (
          <a
            href={project.video_url}
            target="_blank"
            rel="noopener noreferrer"
            className="projects-card__demo"
          >
            <PlayCircle size={16} aria-hidden /> {p.watchDemo}
            <span className="sr-only"> {p.opensInNewTab}</span>
          </a>
        ) : null}
        <p className="projects-card__description">{project.description}</p>
        <div className="projects-card__actions">
          {project.link_url ? (
            <a
              href={project.link_url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass({ size: 'sm' })}
            >
              {p.visit} <ExternalLink size={14} aria-hidden />
              <span className="sr-only"> {p.opensInNewTab}</span>
            </a>
          ) : null}
          {canDelete ? (
            <Button
              variant="destructive"
              size="sm"
              aria-label={p.deleteLabel(project.title)}
              onClick={onDelete}
              data-testid="project-delete"
            >
              <Trash2 size={14} aria-hidden /> {p.delete}
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  )
}

export function ProjectsPage() {
  const t = useT()
  const p = t.projects
  const isAdmin = useIsAdmin()
  const projects = useProjects()
  const images = useImageInfos((projects.data ?? []).map((x) => x.image_url))
  const [adding, setAdding] = useState(false)
  const addOpened = useOpenedOnce(adding)
  const [toDelete, setToDelete] = useState<Project | null>(null)
  const removal = useMutation((id: string) => deleteProject(id), { invalidate: [queryKeys.projects] })
  useDocumentMeta(p.title, p.metaDescription)

  async function confirmDelete() {
    if (!toDelete) return
    try {
      await removal.mutateAsync(toDelete.id)
      toast({ title: p.deleted })
    } catch {
      toast({ title: p.errorTitle, description: p.errorText, variant: 'destructive' })
    } finally {
      setToDelete(null)
    }
  }

  return (
    <div className="container page projects">
      <header className="page__header">
        <div>
          <h1 className="page__title">{p.title}</h1>
          <p className="page__lead">{p.subtitle}</p>
        </div>
        {isAdmin ? (
          <Button onClick={() => setAdding(true)}>
            <Plus size={18} aria-hidden /> {p.add}
          </Button>
        ) : null}
      </header>
      {projects.isPending ? (
        <ul
          className="card-grid"
          aria-busy="true"
          aria-label={t.common.loading}
          data-testid="projects-loading"
        >
          {Array.from({ length: PROJECT_SKELETONS }, (_, i) => (
            <li key={i} className="projects-card">
              <Skeleton className="projects-card__image" style={{ aspectRatio: '16 / 10' }} />
              <div className="projects-card__body">
                <Skeleton style={{ height: 24, width: '60%' }} />
                <Skeleton style={{ height: 16 }} />
                <Skeleton style={{ height: 16, width: '80%' }} />
              </div>
            </li>
          ))}
        </ul>
      ) : projects.isError ? (
        <p className="projects__message" role="alert">
          {p.loadError}
        </p>
      ) : projects.data && projects.data.length > 0 ? (
        <ul className="card-grid">
          {projects.data.map((project, i) => (
            <ProjectCard
              key={project.id}
              project={project}
              image={project.image_url ? images.get(project.image_url) : undefined}
              first={i === 0}
              canDelete={isAdmin}
              onDelete={() => setToDelete(project)}
            />
          ))}
        </ul>
      ) : (
        <p className="projects__message" data-testid="projects-empty">
          {p.empty}
        </p>
      )}
      {isAdmin && addOpened ? (
        <Suspense fallback={null}>
          <AddProjectDialog open={adding} onOpenChange={setAdding} />
        </Suspense>
      ) : null}
      <Dialog open={toDelete !== null} onOpenChange={(o) => (o ? undefined : setToDelete(null))}>
        <DialogContent
          title={p.confirmTitle}
          description={toDelete ? p.confirmText(toDelete.title) : undefined}
          size="sm"
          closeLabel={t.common.close}
        >
          <div className="dialog-actions">
            <Button variant="outline" onClick={() => setToDelete(null)}>
              {p.cancel}
            </Button>
            <Button variant="destructive" disabled={removal.isPending} onClick={() => void confirmDelete()}>
              {p.confirmDelete}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  )
}
