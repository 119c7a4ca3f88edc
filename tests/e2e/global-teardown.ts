import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { SERVER_FILE } from './paths'

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name)
  } catch {
    // already gone
  }
}

/** A process's children, then theirs (Linux /proc): anything the server started must not outlive it. */
function descendants(pid: number): number[] {
  let children: number[] = []
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
  return children.flatMap((child) => [child, ...descendants(child)])
}

/** Stops the server the global setup started (SIGTERM: it closes its database cleanly) and removes its data. */
export default async function globalTeardown() {
  if (!existsSync(SERVER_FILE)) return
  const { pid, runDir } = JSON.parse(readFileSync(SERVER_FILE, 'utf8')) as { pid: number; runDir: string }
  const family = [pid, ...descendants(pid)]
  signal(pid, 'SIGTERM')
  const deadline = Date.now() + 10_000
  while (family.some(isRunning) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100))
  for (const member of family) if (isRunning(member)) signal(member, 'SIGKILL')
  rmSync(SERVER_FILE, { force: true })
  // The copy of dist/ and the embedded database live in a temporary folder made for this run only. Its
  // node_modules is a symbolic link: removing the folder removes the link, never the packages it points to.
  if (path.basename(runDir).startsWith('isoko-e2e-')) rmSync(runDir, { recursive: true, force: true })
}
