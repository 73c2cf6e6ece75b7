// After `npm install`/`npm ci`: one sentence when npm ran on a Node other than 24 (see .npmrc), then
// tap's plugin build. npm puts node_modules/.bin first on a script's PATH, so this runs on Node 24;
// the Node that ran npm is named in npm's user agent ("npm/11.x node/v20.x ...").
import { spawnSync } from 'node:child_process'

const npmNode = /\bnode\/v(\d+)/.exec(process.env.npm_config_user_agent ?? '')?.[1]
if (npmNode && npmNode !== '24')
  console.log(
    `npm ran on Node ${npmNode}; every npm script here runs on Node ${process.versions.node} from the \`node\` devDependency (several packages need Node 22+), so npm's engine warnings are not shown (.npmrc).`,
  )
const r = spawnSync('tap', ['build'], { stdio: 'inherit', shell: process.platform === 'win32' })
process.exit(r.status ?? 1)
