import { Controller, HttpCode, Param, Post, Req, UploadedFile, UseFilters, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { MultipartVaciosInterceptor } from '@/common/interceptors/multipart-vacios.interceptor';
import { tooLarge, ValidacionRespuesta, ValidarService, VALIDAR_MAX_BYTES } from './validar.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { VALIDAR_DOCS } from './validar.openapi';
import { ValidarCuotaGuard } from './validar-cuota.guard';
import { ValidarTamanoFilter } from './validar-tamano.filter';

/** Reads a raw (non-multipart) body up to the limit: application/xml, text/xml or anything not parsed before. */
function rawBody(req: Request): Promise<Buffer | undefined> {
  if (req.readableEnded) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > VALIDAR_MAX_BYTES) {
        failed = true;
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => failed || resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

@ApiTags('validar')
@ApiBearerAuth()
@ApiDocs(VALIDAR_DOCS)
@Controller('validar')
export class ValidarController {
  constructor(private readonly service: ValidarService) {}

  @Post(':tipo')
  @HttpCode(200)
  @ApiConsumes('application/xml', 'multipart/form-data')
  // the per-user rate runs before the body (multipart or raw) is read
  @UseGuards(ValidarCuotaGuard)
  @UseFilters(ValidarTamanoFilter)
  @UseInterceptors(FileInterceptor('archivo', { limits: { fileSize: VALIDAR_MAX_BYTES, files: 1 } }), MultipartVaciosInterceptor)
  async validar(@Param('tipo') tipo: string, @Req() req: Request, @UploadedFile() archivo?: Express.Multer.File): Promise<ValidacionRespuesta> {
    const multipart = req.is('multipart/form-data');
    const xml = archivo?.buffer ?? (multipart ? undefined : await rawBody(req));
    const nombre = archivo?.originalname ?? (typeof req.query.nombre === 'string' ? req.query.nombre : undefined);
    return this.service.validar(tipo, xml, nombre);
  }
}
