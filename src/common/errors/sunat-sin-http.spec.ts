import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ArgumentsHost } from '@nestjs/common';
import { AllExceptionsFilter } from '../filters/all-exceptions.filter';
import { DomainError, sunatRulesBusy, sunatRulesRejected, sunatUnreachable, xmlNotGenerated } from './domain-error';

/**
 * Issue 15: sunat/ throws domain errors (common/errors/domain-error.ts) and the exception filter maps them to
 * HTTP. Nothing under src/sunat may import HTTP errors: '@nestjs/common' exception classes or HttpStatus, or
 * common/errors/http-errors. The Nest wiring in sunat/nest may still import Injectable, Logger and the like.
 */
const SUNAT = join(__dirname, '..', '..', 'sunat');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every `import … from '<module>'` (also `export … from`, multi-line included) as [names, module]. */
function imports(text: string): Array<[string, string]> {
  return [...text.matchAll(/(?:import|export)\s+(?:type\s+)?([^;]*?)\s+from\s+'([^']+)'/g)].map((m) => [m[1], m[2]]);
}

function httpImports(text: string): string[] {
  const found: string[] = [];
  for (const [names, module] of imports(text)) {
    if (/(^|\/)errors\/http-errors$/.test(module)) found.push(`${module}`);
    if (module === '@nestjs/common') {
      const http = names.match(/\b(\w*Exception|HttpStatus)\b/g);
      if (http) found.push(`${http.join(', ')} from @nestjs/common`);
    }
  }
  const required = text.match(/require\(\s*'[^']*http-errors'\s*\)/);
  if (required) found.push(required[0]);
  return found;
}

describe('sunat/ knows nothing about HTTP', () => {
  it('no file under src/sunat imports an HTTP error', () => {
    const offenders = sourceFiles(SUNAT).flatMap((file) => httpImports(readFileSync(file, 'utf8')).map((i) => `${relative(SUNAT, file)}: ${i}`));
    expect(offenders).toEqual([]);
  });

  it('the check itself sees what it must refuse', () => {
    expect(httpImports("import { HttpException, HttpStatus, Injectable } from '@nestjs/common';")).toEqual(['HttpException, HttpStatus from @nestjs/common']);
    expect(httpImports("import {\n  Injectable,\n  NotFoundException,\n} from '@nestjs/common';")).toEqual(['NotFoundException from @nestjs/common']);
    expect(httpImports("import { sunatUnavailable } from '@/common/errors/http-errors';")).toEqual(['@/common/errors/http-errors']);
    expect(httpImports("import { conflict } from '../../common/errors/http-errors';")).toEqual(['../../common/errors/http-errors']);
    expect(httpImports("import { Injectable, Logger } from '@nestjs/common';\nimport { DomainError } from '@/common/errors/domain-error';")).toEqual([]);
  });
});

describe('the exception filter answers domain errors as SPEC.md and API.md say', () => {
  /** What the global exception filter answers for an error. */
  function answer(error: DomainError): { status: number; body: unknown } {
    const out = { status: 0, body: undefined as unknown };
    const res = {
      headersSent: false,
      status(code: number) {
        out.status = code;
        return res;
      },
      json(body: unknown) {
        out.body = body;
        return res;
      },
    };
    const host = { switchToHttp: () => ({ getResponse: () => res }) } as unknown as ArgumentsHost;
    new AllExceptionsFilter().catch(error, host);
    return out;
  }

  it('SUNAT_RULES_REJECTED: 422 with the findings under errors.xml', () => {
    expect(answer(sunatRulesRejected(['3244: El dato no cumple']))).toEqual({
      status: 422,
      body: { success: false, message: 'SUNAT rechazaría el comprobante.', errors: { xml: ['3244: El dato no cumple'] } },
    });
  });

  it("SUNAT_UNAVAILABLE: 502 'No se pudo comunicar con SUNAT: …'", () => {
    expect(answer(sunatUnreachable('timeout'))).toEqual({ status: 502, body: { success: false, message: 'No se pudo comunicar con SUNAT: timeout' } });
  });

  it('SUNAT_RULES_BUSY: 503, the client may retry (nothing was stored)', () => {
    expect(answer(sunatRulesBusy())).toEqual({
      status: 503,
      body: { success: false, message: 'La validación con las reglas de SUNAT está ocupada; intente nuevamente.' },
    });
  });

  it("XML_MISSING: 409 'XML no encontrado. Genere el XML primero.'", () => {
    expect(answer(xmlNotGenerated())).toEqual({ status: 409, body: { success: false, message: 'XML no encontrado. Genere el XML primero.' } });
  });
});
