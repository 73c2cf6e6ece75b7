// The project form's values, shared by 'Add Project' on /projects and the admin's project dialog:
// every field a string while editing; title and description required; empty optional fields sent as null.
import type { Project, ProjectInput } from '@site/contracts'
import { orNull } from './orNull'

export type ProjectField = keyof ProjectInput
export type ProjectForm = Record<ProjectField, string>

/**
 * Every field of the contract's ProjectInput, in form order, with how it is edited. A field added to
 * the contract is a type error here until it is listed (and then in the labels of the message files).
 */
export const PROJECT_FIELDS = {
  title: { required: true },
  description: { required: true, rows: 4 },
  image_url: { url: true },
  video_url: { url: true },
  link_url: { url: true },
} satisfies Record<ProjectField, { required?: true; rows?: number; url?: true }>

const keys = Object.keys(PROJECT_FIELDS) as ProjectField[]
const isRequired = (key: ProjectField) => 'required' in PROJECT_FIELDS[key]

export const EMPTY_PROJECT_FORM = Object.fromEntries(keys.map((key) => [key, ''])) as ProjectForm

export const projectToForm = (p: Project): ProjectForm =>
  Object.fromEntries(keys.map((key) => [key, p[key] ?? ''])) as ProjectForm

export const toProjectInput = (f: ProjectForm): ProjectInput =>
  Object.fromEntries(
    keys.map((key) => [key, isRequired(key) ? f[key].trim() : orNull(f[key])]),
  ) as ProjectInput

/** The required fields left empty, in form order. */
export const missingProjectFields = (f: ProjectForm) =>
  keys.filter((key) => isRequired(key) && f[key].trim() === '')
