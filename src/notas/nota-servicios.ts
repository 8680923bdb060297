import { Injectable } from '@nestjs/common';
import { NotaAnulacionService } from './nota-anulacion.service';
import { NotaArchivosService } from './nota-archivos.service';
import { NotaConsultaService } from './nota-consulta.service';
import { NotaCorreoService } from './nota-correo.service';
import { NotaCreacionService } from './nota-creacion.service';
import { NotaEnvioService } from './nota-envio.service';

/** The note services a controller delegates to, injected as one. */
@Injectable()
export class NotaServicios {
  constructor(
    readonly consulta: NotaConsultaService,
    readonly creacion: NotaCreacionService,
    readonly envio: NotaEnvioService,
    readonly archivos: NotaArchivosService,
    readonly anulacion: NotaAnulacionService,
    readonly correo: NotaCorreoService,
  ) {}
}
