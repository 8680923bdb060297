import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ParsedMail, simpleParser } from 'mailparser';

export interface MensajeRecibido {
  de: string | null;
  para: string[];
  /** The user the client authenticated as. */
  usuario: string | null;
  correo: ParsedMail;
}

export interface ServidorSmtp {
  puerto: number;
  /** smtp://user:password@127.0.0.1:port with the credentials percent-encoded. */
  url: string;
  usuario: string;
  clave: string;
  /** Every message received so far, parsed. */
  mensajes(): Promise<MensajeRecibido[]>;
  /** Everything the server process printed on stderr. */
  errores(): string;
  close(): Promise<void>;
}

/**
 * A real SMTP server in a child process (test/support/smtp-servidor.js, the smtp-server package on a free port of
 * 127.0.0.1), with one user; it reports each message it accepts on stdout and keeps it in a temporary folder.
 */
export async function startSmtpProcess(usuario = 'ventas@empresa.test', clave = 'S3creta-SMTP/1'): Promise<ServidorSmtp> {
  const carpeta = mkdtempSync(join(tmpdir(), 'smtp-recibidos-'));
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'smtp-servidor.js'), carpeta, usuario, clave], {
    cwd: join(__dirname, '..', '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recibidos: Array<{ archivo: string; de: string | null; para: string[]; usuario: string | null }> = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const salida = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const puerto = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`smtp-servidor no arrancó: ${stderr}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`smtp-servidor terminó (${code}): ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const evento = JSON.parse(line) as { evento: string; puerto?: number; archivo?: string; de?: string | null; para?: string[]; usuario?: string | null };
      if (evento.evento === 'listo') {
        clearTimeout(timer);
        resolve(evento.puerto!);
      }
      if (evento.evento === 'mensaje')
        recibidos.push({ archivo: evento.archivo!, de: evento.de ?? null, para: evento.para ?? [], usuario: evento.usuario ?? null });
    });
  });
  return {
    puerto,
    usuario,
    clave,
    url: `smtp://${encodeURIComponent(usuario)}:${encodeURIComponent(clave)}@127.0.0.1:${puerto}`,
    mensajes: () =>
      Promise.all(recibidos.map(async (r) => ({ de: r.de, para: r.para, usuario: r.usuario, correo: await simpleParser(readFileSync(r.archivo)) }))),
    errores: () => stderr,
    close: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await salida;
      }
      rmSync(carpeta, { recursive: true, force: true });
    },
  };
}
