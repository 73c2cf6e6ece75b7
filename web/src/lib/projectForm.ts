// The project form's values, shared by 'Add Project' on /projects and the admin's project dialog:
// every field a string while editing; title and description required; empty optional URLs sent as null.
import type { Project, ProjectInput } from '@site/contracts'
import { orNull } from './orNull'

export interface ProjectForm {
  title: string
  description: string
  image_url: string
  video_url: string
  link_url: string
}
export const EMPTY_PROJECT_FORM: ProjectForm = { title: '', description: '', image_url: '', video_url: '', link_url: '' }

export const projectToForm = (p: Project): ProjectForm => ({
  title: p.title,
  description: p.description,
  image_url: p.image_url ?? '',
  video_url: p.video_url ?? '',
  link_url: p.link_url ?? '',
})

export const toProjectInput = (f: ProjectForm): ProjectInput => ({
  title: f.title.trim(),
  description: f.description.trim(),
  image_url: orNull(f.image_url),
  video_url: orNull(f.video_url),
  link_url: orNull(f.link_url),
})

/** The required fields left empty, in form order. */
export const missingProjectFields = (f: ProjectForm) =>
  (['title', 'description'] as const).filter((key) => f[key].trim() === '')
