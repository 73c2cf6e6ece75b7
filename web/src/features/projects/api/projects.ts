// Projects calls (docs/api.md "Content"): the public list; add and delete for signed-in users.
import { deleteJson, getJson, postJson } from '@/lib/api'
import { useQuery } from '@/lib/query'
import { queryKeys } from '@/lib/queryKeys'
import type { Paged, Project, ProjectInput } from '@/lib/types'

/** Projects shown on /projects: one page of the maximum size (paging comes with server rendering). */
const PAGE_SIZE = 50

export const useProjects = () =>
  useQuery(queryKeys.projectsPage(1, PAGE_SIZE), async (signal) => {
    const page = await getJson<Paged<Project>>('/api/projects', { signal, params: { pageSize: PAGE_SIZE } })
    return page.items
  })
export const createProject = (input: ProjectInput) => postJson<Project>('/api/projects', input)
export const deleteProject = (id: string) => deleteJson(`/api/projects/${encodeURIComponent(id)}`)
