import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AuthContext } from '@/common/context/request-context';
import { Auth, EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { MultipartVaciosInterceptor } from '@/common/interceptors/multipart-vacios.interceptor';
import { CreateProductoDto, ProductoExportQueryDto, ProductoListQueryDto, UpdateProductoDto } from './dto/producto.dto';
import { escribirExcel } from './excel-productos';
import { ImportarListaDto } from './dto/importar.dto';
import { toProductoResponse } from './producto.mapper';
import { ProductosImportService } from './productos-import.service';
import { ProductosService } from './productos.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { PRODUCTOS_DOCS } from './productos.openapi';

const EXCEL_LIMIT = { limits: { fileSize: 5 * 1024 * 1024, files: 1 } };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@ApiTags('productos')
@ApiBearerAuth()
@ApiDocs(PRODUCTOS_DOCS)
@Controller('productos')
export class ProductosController {
  constructor(
    private readonly productos: ProductosService,
    private readonly importacion: ProductosImportService,
  ) {}

  @Get()
  @RequirePermission('productos.view')
  async list(@EmpresaActual() empresaId: number, @Query() query: ProductoListQueryDto) {
    const { rows, meta } = await this.productos.list(empresaId, query);
    return { success: true, data: rows.map(toProductoResponse), meta };
  }

  /** The list's filters, every product, with the import's columns (declared before ':id'). */
  @Get('exportar-excel')
  @RequirePermission('productos.view')
  @ApiProduces(XLSX)
  async exportarExcel(@EmpresaActual() empresaId: number, @Query() query: ProductoExportQueryDto): Promise<StreamableFile> {
    const archivo = await escribirExcel(await this.productos.todos(empresaId, query));
    return new StreamableFile(archivo, { type: XLSX, disposition: 'attachment; filename="productos.xlsx"' });
  }

  @Get(':id')
  @RequirePermission('productos.view')
  async get(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return { success: true, data: toProductoResponse(await this.productos.get(empresaId, id)) };
  }

  @Post()
  @RequirePermission('productos.create')
  async create(@Auth() auth: AuthContext, @Body() dto: CreateProductoDto) {
    const producto = await this.productos.create(auth.empresaId, auth.userId, dto);
    return { success: true, message: 'Producto creado correctamente.', data: toProductoResponse(producto) };
  }

  /** Parses an .xlsx (multipart field `archivo`) into rows with their errors; writes nothing. */
  @Post('leer-excel')
  @RequirePermission('productos.create')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(FileInterceptor('archivo', EXCEL_LIMIT), MultipartVaciosInterceptor)
  async leerExcel(@EmpresaActual() empresaId: number, @UploadedFile() archivo?: Express.Multer.File) {
    const filas = await this.importacion.leerExcel(empresaId, archivo?.buffer);
    const conErrores = filas.filter((f) => Object.keys(f.errores).length).length;
    return { success: true, data: filas, resumen: { total: filas.length, validas: filas.length - conErrores, con_errores: conErrores } };
  }

  @Post('importar-lista')
  @RequirePermission('productos.create')
  async importarLista(@Auth() auth: AuthContext, @Body() dto: ImportarListaDto) {
    const data = await this.importacion.importarLista(auth.empresaId, auth.userId, dto.productos);
    return { success: true, message: `Productos importados: ${data.creados} creados, ${data.actualizados} actualizados.`, data };
  }

  @Put(':id')
  @RequirePermission('productos.edit')
  async update(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateProductoDto) {
    const producto = await this.productos.update(auth.empresaId, auth.userId, id, dto);
    return { success: true, message: 'Producto actualizado correctamente.', data: toProductoResponse(producto) };
  }

  @Delete(':id')
  @RequirePermission('productos.delete')
  async remove(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    await this.productos.remove(empresaId, id);
    return { success: true, message: 'Producto eliminado correctamente.' };
  }
}
