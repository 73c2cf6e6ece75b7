// Projects calls (docs/api.md "Content"): the public list; add and delete for signed-in users.
import { deleteJson, getJson, postJson } from '@/lib/api'
import { useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import type { Project, ProjectInput } from '@/lib/types'

export const useProjects = () =>
  useQuery(queryKeys.projects, (signal) => getJson<Project[]>('/api/projects', { signal }))
export const createProject = (input: ProjectInput) => postJson<Project>('/api/projects', input)
export const deleteProject = (id: string) => deleteJson(`/api/projects/${encodeURIComponent(id)}`)
