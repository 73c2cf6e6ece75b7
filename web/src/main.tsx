// Global CSS first, so the features' own CSS (imported by their components, some in lazy chunks)
// comes later in the cascade and can refine the shared classes (.container, .page...).
import './styles/index.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
