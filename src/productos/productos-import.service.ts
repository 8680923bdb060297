import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { invalidField } from '@/common/errors/http-errors';
import { MSG } from '@/common/errors/messages';
import { Producto } from './entities/producto.entity';
import { FilaLeida } from './dto/importar.dto';
import { leerFilasExcel } from './excel-productos';
import { codigosRepetidos, validarFila } from './fila-producto';
import { ProductosService } from './productos.service';

const MOTIVO_IMPORTACION = 'Importación de productos';

export interface ResultadoImportacion {
  creados: number;
  actualizados: number;
}

/** leer-excel (parse and validate, writes nothing) and importar-lista (all rows or none). */
@Injectable()
export class ProductosImportService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly productos: ProductosService,
  ) {}

  async leerExcel(empresaId: number, archivo: Buffer | undefined): Promise<FilaLeida[]> {
    if (!archivo?.length) throw invalidField('archivo', 'Adjunte el archivo Excel en el campo archivo.');
    const filas = await leerFilasExcel(archivo);
    const existentes = await this.codigosExistentes(
      empresaId,
      filas.map((f) => f.valores.codigo),
    );
    const repetidos = codigosRepetidos(
      filas.map((f) => f.valores.codigo),
      (i) => filas[i].fila,
    );
    return filas.map(({ fila, valores }, i) => {
      const { errores } = validarFila(valores);
      const repetido = repetidos.get(i);
      if (repetido) (errores.codigo ??= []).push(repetido);
      const accion = typeof valores.codigo === 'string' && existentes.has(valores.codigo.trim()) ? 'actualizar' : 'crear';
      return { fila, ...valores, accion, errores };
    });
  }

  /** Creates or updates by codigo in one transaction; any bad row rejects the whole list (422 naming the rows). */
  async importarLista(empresaId: number, userId: number, raws: Record<string, unknown>[]): Promise<ResultadoImportacion> {
    const numeroDeFila = (i: number) => (typeof raws[i].fila === 'number' ? (raws[i].fila as number) : i + 1);
    const validadas = raws.map((raw) => validarFila(raw));
    const repetidos = codigosRepetidos(
      validadas.map((v) => v.fila.codigo),
      numeroDeFila,
    );
    const errors: Record<string, string[]> = {};
    const filasConError = new Set<number>();
    validadas.forEach(({ errores }, i) => {
      const repetido = repetidos.get(i);
      if (repetido) (errores.codigo ??= []).push(repetido);
      for (const [campo, mensajes] of Object.entries(errores)) {
        errors[`productos.${i}.${campo}`] = mensajes.map((m) => `Fila ${numeroDeFila(i)}: ${m}`);
        filasConError.add(numeroDeFila(i));
      }
    });
    if (filasConError.size) throw erroresDeFilas(errors, [...filasConError]);

    return this.dataSource.transaction(async (manager) => {
      const codigos = validadas.map((v) => v.fila.codigo);
      // Locked at once in ascending id order, as documents lock them (StockService.bloquear), so an import and
      // imports or documents touching the same products queue instead of deadlocking.
      const existentes = await manager.find(Producto, {
        where: { id_empresa: empresaId, codigo: In(codigos) },
        order: { id_producto: 'ASC' },
        lock: { mode: 'for_no_key_update' },
      });
      const porCodigo = new Map(existentes.map((p) => [p.codigo, p]));
      const resultado: ResultadoImportacion = { creados: 0, actualizados: 0 };
      for (const [i, { fila }] of validadas.entries()) {
        const { fila: _n, accion: _a, errores: _e, ...dto } = fila;
        const existente = porCodigo.get(dto.codigo);
        try {
          if (existente) await this.productos.updateIn(manager, existente, userId, dto, MOTIVO_IMPORTACION);
          else await this.productos.createIn(manager, empresaId, userId, dto, MOTIVO_IMPORTACION);
        } catch (e) {
          throw enFila(e, i, numeroDeFila(i));
        }
        resultado[existente ? 'actualizados' : 'creados'] += 1;
      }
      return resultado;
    });
  }

  private async codigosExistentes(empresaId: number, codigos: unknown[]): Promise<Set<string>> {
    const validos = codigos.filter((c): c is string => typeof c === 'string' && !!c.trim()).map((c) => c.trim());
    if (!validos.length) return new Set();
    const rows = await this.dataSource.getRepository(Producto).find({ select: { codigo: true }, where: { id_empresa: empresaId, codigo: In(validos) } });
    return new Set(rows.map((r) => r.codigo));
  }
}

function erroresDeFilas(errors: Record<string, string[]>, filas: number[]): HttpException {
  return new HttpException({ success: false, message: MSG.datosInvalidos, errors, filas: filas.sort((a, b) => a - b) }, HttpStatus.UNPROCESSABLE_ENTITY);
}

/** A rule checked while writing (e.g. a service given stock) still names its row; the transaction rolls back. */
function enFila(e: unknown, i: number, fila: number): unknown {
  if (!(e instanceof HttpException) || e.getStatus() !== HttpStatus.UNPROCESSABLE_ENTITY) return e;
  const body = e.getResponse() as { errors?: Record<string, string[]> };
  const errors = Object.fromEntries(Object.entries(body.errors ?? {}).map(([campo, m]) => [`productos.${i}.${campo}`, m.map((x) => `Fila ${fila}: ${x}`)]));
  return erroresDeFilas(errors, [fila]);
}
