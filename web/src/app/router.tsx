// The browser's data router over the one route table (routes.tsx); the server renders the same
// table with React Router's static handler (ssr/renderer.tsx). On a server-rendered page the
// hydration state comes with the page's data, so hydrating runs no loader.
import { createBrowserRouter, type HydrationState } from 'react-router-dom'
import { routes } from './routes'

export const createAppRouter = (hydrationData?: HydrationState) =>
  createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined)
