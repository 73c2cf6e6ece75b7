// The browser's router over the shared route table (routes.tsx); the server renders the same table
// with a static router (entry-server.tsx).
import { createBrowserRouter } from 'react-router-dom'
import { routes } from './routes'

export const createAppRouter = () => createBrowserRouter(routes)
