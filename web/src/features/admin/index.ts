// Loaded ONLY through the router's dynamic import (import('@/features/admin')): never import this
// feature statically from public code, or the admin code lands in the public bundle.
export { default } from './components/AdminPage'
