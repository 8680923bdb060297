// Reads a Dockerfile into stages of instructions, for the image check (no Docker daemon needed).
// Only what the project's Dockerfile uses is understood; anything else is an error, so the check never
// silently assembles less than the image would.
import { readFileSync } from 'node:fs';

const KNOWN = new Set(['FROM', 'ENV', 'WORKDIR', 'COPY', 'RUN', 'USER', 'EXPOSE', 'HEALTHCHECK', 'CMD']);

/** Logical lines: comments dropped, backslash continuations joined. */
function logicalLines(text) {
  const lines = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (!current && (line.trim() === '' || line.trimStart().startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      current += line.slice(0, -1) + ' ';
      continue;
    }
    lines.push((current + line).trim());
    current = '';
  }
  if (current) lines.push(current.trim());
  return lines;
}

/** KEY=value pairs of an ENV line (values may be double-quoted). */
function envPairs(args) {
  const pairs = {};
  for (const m of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
    pairs[m[1]] = m[2].startsWith('"') ? JSON.parse(m[2]) : m[2];
  }
  return pairs;
}

function copyArgs(args) {
  const words = args.split(/\s+/);
  const flags = {};
  while (words[0]?.startsWith('--')) {
    const [k, v] = words.shift().slice(2).split('=');
    flags[k] = v;
  }
  if (words.length < 2) throw new Error(`COPY needs a source and a destination: ${args}`);
  return { from: flags.from, chown: flags.chown, sources: words.slice(0, -1), dest: words[words.length - 1] };
}

/** [{name, base, steps: [{op, ...}]}] in file order. */
export function parseDockerfile(path) {
  const stages = [];
  for (const line of logicalLines(readFileSync(path, 'utf8'))) {
    const [, op, args = ''] = /^(\S+)\s*(.*)$/.exec(line);
    const instruction = op.toUpperCase();
    if (!KNOWN.has(instruction)) throw new Error(`Dockerfile: ${instruction} is not understood by the image check`);
    if (instruction === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      stages.push({ base: m[1], name: m[2] ?? String(stages.length), steps: [] });
      continue;
    }
    const stage = stages[stages.length - 1];
    if (!stage) throw new Error('Dockerfile: an instruction before FROM');
    if (instruction === 'ENV') stage.steps.push({ op: 'ENV', vars: envPairs(args) });
    else if (instruction === 'COPY') stage.steps.push({ op: 'COPY', ...copyArgs(args) });
    else if (instruction === 'CMD') stage.steps.push({ op: 'CMD', argv: JSON.parse(args) });
    else stage.steps.push({ op: instruction, args });
  }
  return stages;
}
