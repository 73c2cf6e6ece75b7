// Code-split: /projects is its own chunk, loaded when the route is first shown.
import { lazy } from 'react'

export const ProjectsPage = lazy(() =>
  import('./components/ProjectsPage').then((m) => ({ default: m.ProjectsPage })),
)
