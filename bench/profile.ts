import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { benchApp } from './harness.js';

/**
 * CPU profile of uncached page renders (the page cache off), in-process through inject, taken with the inspector
 * after 50 warm-up renders (start-up, demo images and module loading are not in it):
 *   NODE_ENV=production npx tsx bench/profile.ts [url] [count] [out.cpuprofile]
 *   npx tsx bench/profile.ts --split out.cpuprofile     (self time per package)
 */
interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Which part of the stack a script belongs to: the package under node_modules, our folder, or Node itself. */
function partOf(url: string, functionName: string): string {
  if (!url) return functionName === '(garbage collector)' ? 'GC' : functionName.startsWith('(') ? functionName : 'native';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return 'node internals';
  const ours = /\/(server|site|lib|dist|build|bench)\//.exec(url);
  return ours ? `ours: ${ours[1]}` : url;
}

function split(file: string): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas[index] ?? 0;
    if (!node || node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') return;
    const part = partOf(node.callFrame.url, node.callFrame.functionName);
    totals.set(part, (totals.get(part) ?? 0) + delta);
    all += delta;
  });
  console.log(`self CPU time by part (${(all / 1000).toFixed(0)} ms busy)`);
  for (const [part, time] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`${part.padEnd(40)} ${((time / all) * 100).toFixed(1).padStart(5)} %  ${(time / 1000).toFixed(0).padStart(6)} ms`);
  }
}

async function renders(url: string, count: number, out: string): Promise<void> {
  const { app, close } = await benchApp({ seedDemo: true, env: { PAGE_CACHE_MB: '0' } });
  const session = new Session();
  try {
    for (let i = 0; i < 50; i++) await app.inject({ method: 'GET', url });
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    const started = performance.now();
    for (let i = 0; i < count; i++) await app.inject({ method: 'GET', url });
    const ms = (performance.now() - started) / count;
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(out, JSON.stringify(profile));
    console.log(`${url}: ${ms.toFixed(2)} ms per uncached render (${count} sequential); profile in ${out}`);
  } finally {
    session.disconnect();
    await close();
  }
}

const [first, second, third] = process.argv.slice(2);
if (first === '--split') split(second ?? '.');
else await renders(first ?? '/', Number(second ?? 1000), third ?? 'render.cpuprofile');
