import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

function findUp(start: string, rel: string): string | null {
  let dir = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(dir, rel))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

let root: string | null | undefined;

/** The repository root (the folder holding vendor/sunat/xsl), from this file or the working directory. */
export function repoRoot(): string {
  if (root === undefined) {
    root = findUp(__dirname, 'vendor/sunat/xsl/commons/error/validate_utils.xsl') ?? findUp(process.cwd(), 'vendor/sunat/xsl/commons/error/validate_utils.xsl');
  }
  if (root === null) throw new Error('SUNAT rules: vendor/sunat/xsl not found above ' + __dirname);
  return root;
}

/** SUNAT's XSL tree (rule files and catalogues), vendored verbatim. `SUNAT_RULES_XSL_DIR` overrides it. */
export function xslRoot(): string {
  return process.env.SUNAT_RULES_XSL_DIR || path.join(repoRoot(), 'vendor', 'sunat', 'xsl');
}

let cache: string | undefined;

/** Where compiled rule files are kept between processes (gitignored). `SUNAT_RULES_CACHE_DIR` overrides it. */
export function cacheDir(): string {
  if (cache === undefined) {
    const candidates = [
      process.env.SUNAT_RULES_CACHE_DIR,
      (() => {
        try {
          return path.join(repoRoot(), 'node_modules', '.cache', 'sunat-rules');
        } catch {
          return undefined;
        }
      })(),
      path.join(os.tmpdir(), 'sunat-rules-cache'),
    ].filter((x): x is string => !!x);
    for (const c of candidates) {
      try {
        mkdirSync(c, { recursive: true });
        // the real path: a compiled rule file records the folder it was compiled in, and SaxonJS resolves
        // document() against the real one (node_modules may be a symbolic link, as in a git worktree)
        cache = realpathSync(c);
        break;
      } catch {
        // not writable: try the next one
      }
    }
    if (cache === undefined) throw new Error('SUNAT rules: no writable cache folder (' + candidates.join(', ') + ')');
  }
  return cache;
}
