// `npm run bench:gate`: `npm run build`, `npm run test:unit` and `npm test` timed in one run, as builds (docs/testing.md).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LIMITS = { 'test:unit': 3, test: 20 };
const RUNNING = 'SNXT_BENCH_GATE';

const root = fileURLToPath(new URL('..', import.meta.url));
const unitOnly = process.argv.includes('--unit');
const logs = mkdtempSync(join(tmpdir(), 'snxt-bench-gate-'));

function childrenCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

function run(script) {
  const log = join(logs, `${script.replace(':', '-')}.log`);
  const out = createWriteStream(log);
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', script], {
      cwd: root,
      env: { ...process.env, [RUNNING]: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('error', reject);
    child.on('close', (code) => {
      out.end();
      const seconds = (performance.now() - started) / 1000;
      const cpuAfter = childrenCpuSeconds();
      const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
      if (code !== 0) {
        const tail = readFileSync(log, 'utf8').split('\n').slice(-40).join('\n');
        reject(new Error(`npm run ${script} failed (${log}):\n${tail}`));
      } else resolve({ script, seconds, cpu, log });
    });
  });
}

if (process.env[RUNNING]) {
  console.error('bench:gate is already running: a step it measures ran it again.');
  process.exit(1);
}

const steps = ['build', 'test:unit', ...(unitOnly ? [] : ['test'])];
const results = [];
try {
  for (const script of steps) {
    process.stdout.write(`npm run ${script} … `);
    const result = await run(script);
    results.push(result);
    console.log(`${result.seconds.toFixed(1)} s`);
  }
} catch (error) {
  console.log('failed');
  console.error(error.message);
  process.exit(1);
}

const [build] = results;
let over = false;
console.log(`\n${'step'.padEnd(12)}${'wall s'.padStart(9)}${'CPU s'.padStart(9)}${'builds'.padStart(9)}  limit`);
for (const { script, seconds, cpu } of results) {
  const ratio = seconds / build.seconds;
  const limit = LIMITS[script];
  over ||= limit !== undefined && ratio > limit;
  const verdict = limit === undefined ? '' : `≤ ${limit}${ratio > limit ? '  OVER' : ''}`;
  const cpuText = cpu === null ? '–' : cpu.toFixed(1);
  console.log(
    `${script.padEnd(12)}${seconds.toFixed(1).padStart(9)}${cpuText.padStart(9)}${ratio.toFixed(2).padStart(9)}  ${verdict}`,
  );
}
console.log(`\nLogs: ${logs}`);
if (over) process.exit(1);
