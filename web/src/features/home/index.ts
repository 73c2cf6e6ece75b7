export { HomePage } from './components/HomePage'
/** What the home page reads (the route table names its reads with these sizes). */
export { HOME_PROJECTS, LATEST_POSTS } from './api/home'
