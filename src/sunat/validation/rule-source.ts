/**
 * Reads the SUNAT rule source around a reported rule location, to name the node a rule tested when that node
 * is absent from the document (SUNAT's own message then says "/"). Port of the Java tool's RuleSource.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const LOCATION = /^(.+):(\d+)$/;
const NODE_PARAM = /<xsl:with-param\s+name="(?:node|idCatalogo|startDateNode)"\s+select\s*=\s*"([^"]*)"/;
const MAX_LINES = 40;

export class RuleSource {
  private readonly files = new Map<string, string[] | null>();

  constructor(private readonly xslRoot: string) {}

  /** The select of the node parameter of the xsl:call-template at "file:line", or null. */
  testedNode(location: string | null | undefined): string | null {
    if (!location) return null;
    const m = LOCATION.exec(location);
    if (!m) return null;
    const lines = this.lines(m[1]);
    const start = parseInt(m[2], 10) - 1;
    if (lines === null || start < 0 || start >= lines.length) return null;
    for (let i = start; i < Math.min(lines.length, start + MAX_LINES); i++) {
      const line = lines[i];
      const p = NODE_PARAM.exec(line);
      if (p) {
        return p[1]
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&apos;/g, "'")
          .replace(/&amp;/g, '&');
      }
      if (line.includes('</xsl:call-template>')) return null;
    }
    return null;
  }

  private lines(relative: string): string[] | null {
    let l = this.files.get(relative);
    if (l === undefined) {
      try {
        l = new TextDecoder('utf-8').decode(readFileSync(path.join(this.xslRoot, relative))).split('\n');
      } catch {
        l = null;
      }
      this.files.set(relative, l);
    }
    return l;
  }
}
