import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import archiver from 'archiver';
import type { Response } from 'express';
import { invalidField } from '@/common/errors/http-errors';
import { documentNameOf, storageKeys } from '@/sunat/nest/storage-keys';
import { DocumentStorage } from '@/sunat/storage/document-storage';
import { VentasService } from '@/ventas/ventas.service';
import { EmisorImpresoService } from '../documentos/emisor-impreso.service';
import { drained } from './backpressure';

/**
 * GET /api/ventas/exportar-zip: every signed XML and CDR zip of the period's sales in one ZIP, streamed.
 * One file is read from storage at a time and the next is appended only after archiver has taken the
 * previous one and the response has room (a slow client slows the bundle down): memory stays at one
 * block of names and one file whatever the month's size. XMLs are deflated; CDRs are zips already, stored.
 */
/** XML and CDR files read per storage round trip (about 55 KB each at most in practice). */
const FILES_PER_READ = 50;

@Injectable()
export class VentasZipService {
  private readonly logger = new Logger(VentasZipService.name);

  constructor(
    private readonly ventas: VentasService,
    private readonly storage: DocumentStorage,
    private readonly emisores: EmisorImpresoService,
  ) {}

  async exportar(empresaId: number, desde: string, hasta: string, res: Response): Promise<void> {
    if (desde > hasta) throw invalidField('hasta', 'hasta debe ser igual o posterior a desde');
    const emisor = await this.emisores.forEmpresa(empresaId, false);
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="comprobantes-${emisor.ruc.replace(/\D/g, '')}-${desde}-${hasta}.zip"`);
    res.setHeader('Cache-Control', 'private, no-store');
    const archive = archiver('zip', { zlib: { level: 6 } });
    archive.pipe(res);
    try {
      await this.escribir(empresaId, desde, hasta, archive, res);
      const finished = Promise.race([once(res, 'finish'), once(res, 'close')]);
      await archive.finalize();
      await finished;
    } catch (error) {
      // Headers are out: the client gets a broken download, never a bundle that looks complete.
      this.logger.error(`ZIP interrumpido: ${error instanceof Error ? error.message : String(error)}`);
      archive.abort();
      res.destroy();
    }
  }

  private async escribir(empresaId: number, desde: string, hasta: string, archive: archiver.Archiver, res: Writable): Promise<void> {
    const failed = new Promise<never>((_, reject) => archive.once('error', reject));
    failed.catch(() => undefined);
    for await (const bloque of this.ventas.documentosEnBloques(empresaId, desde, hasta)) {
      const names = bloque.map((v) => documentNameOf(v.nombre_xml)).filter((n): n is string => !!n);
      // a few files per round trip: few queries on a database storage, little memory held at once
      for (let i = 0; i < names.length; i += FILES_PER_READ) {
        const part = names.slice(i, i + FILES_PER_READ);
        const files = await this.storage.getMany(part.flatMap((name) => [storageKeys.xml(empresaId, name), storageKeys.cdr(empresaId, name)]));
        for (const name of part) {
          const xml = files.get(storageKeys.xml(empresaId, name));
          if (xml) await this.append(archive, failed, xml, { name: `xml/${name}.xml` });
          const cdr = files.get(storageKeys.cdr(empresaId, name));
          if (cdr) await this.append(archive, failed, cdr, { name: `cdr/R-${name}.zip`, store: true });
          await drained(res);
        }
      }
    }
  }

  /** Appends one file and waits until archiver has written it out (its queue never holds more than one). */
  private async append(archive: archiver.Archiver, failed: Promise<never>, data: Buffer, entry: archiver.EntryData & { store?: boolean }): Promise<void> {
    const written = once(archive, 'entry');
    archive.append(data, entry);
    await Promise.race([written, failed]);
  }
}
