// Projects calls (docs/api.md "Content"): the public list; add and delete for signed-in users.
import { deleteJson, postJson } from '@/lib/api'
import { reads, useRead } from '@/lib/publicReads'
import type { Project, ProjectInput } from '@site/contracts'

export const useProjects = () => useRead(reads.projects())
export const createProject = (input: ProjectInput) => postJson<Project>('/api/projects', input)
export const deleteProject = (id: string) => deleteJson(`/api/projects/${encodeURIComponent(id)}`)
