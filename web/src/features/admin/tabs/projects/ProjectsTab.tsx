// Projects tab (spec §2, §5, §8): the projects, a page at a time, with edit and delete, 'New Project'
// and the project dialog (projects/ProjectDialog).
import { ImageIcon } from 'lucide-react'
import type { Project } from '@site/contracts'
import { deleteProject, listProjects } from '@/api/projects'
import { queryKeys } from '@/lib/queryKeys'
import { useConfirm } from '../../hooks/useConfirm'
import { useEditDialog } from '../../hooks/useEditDialog'
import { ADMIN_PAGE_SIZE, usePagedList } from '../../hooks/usePagedList'
import { deleteAndRefresh } from '../../lib/toasts'
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog'
import { ItemRow } from '../../components/list/ItemRow'
import { ListState } from '../../components/list/ListState'
import { Pager } from '../../components/list/Pager'
import { NewButton, Section } from '../../components/list/Section'
import { ProjectDialog } from './ProjectDialog'
import { texts } from '../../texts'
import { HistoryButton } from '../../components/history/HistoryDialog'

export function ProjectsTab() {
  const t = texts
  const tp = t.projects
  // Projects carry everything the dialog edits: no detail call, and no search (their list is short).
  const list = usePagedList(
    (page) => queryKeys.projectsPage(page, ADMIN_PAGE_SIZE),
    (page, _q, signal) => listProjects(page, ADMIN_PAGE_SIZE, signal),
  )
  const { query } = list
  const dialog = useEditDialog<Project>()
  const confirm = useConfirm<Project>()

  const remove = (project: Project) =>
    deleteAndRefresh(
      () => deleteProject(project.id),
      queryKeys.projects,
      { title: tp.deleted },
      { title: t.error, fallback: tp.failed },
    )

  return (
    <Section
      title={tp.heading}
      id="admin-projects"
      action={<NewButton label={tp.newItem} onClick={dialog.openNew} />}
    >
      <ListState query={query} empty={tp.empty}>
        {(projects) => (
          <ul className="admin-list" data-testid="admin-projects-list">
            {projects.map((project) => (
              <ItemRow
                key={project.id}
                lead={
                  <div className="admin-row__thumb">
                    {project.image_url ? (
                      <img src={project.image_url} alt="" loading="lazy" />
                    ) : (
                      <ImageIcon size={20} aria-hidden />
                    )}
                  </div>
                }
                title={project.title}
                meta={<span className="admin-row__desc">{project.description}</span>}
                name={project.title}
                extra={
                  <HistoryButton
                    path={`/api/projects/${project.id}`}
                    name={project.title}
                    refresh={queryKeys.projects}
                  />
                }
                onEdit={() => dialog.openEdit(project)}
                onDelete={() => confirm.ask(project)}
              />
            ))}
          </ul>
        )}
      </ListState>
      <Pager
        label={tp.heading}
        page={list.page}
        pageSize={ADMIN_PAGE_SIZE}
        total={query.data?.total ?? 0}
        busy={query.isFetching}
        onPage={list.setPage}
      />
      <ProjectDialog open={dialog.open} project={dialog.item} onOpenChange={dialog.onOpenChange} />
      <ConfirmDialog
        {...confirm.dialogProps}
        text={t.confirmDelete(confirm.target?.title ?? '')}
        onConfirm={() => remove(confirm.target!)}
      />
    </Section>
  )
}
