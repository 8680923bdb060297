import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { MovimientoStockQueryDto } from './dto/movimiento-stock.dto';
import { toMovimientoStockResponse } from './producto.mapper';
import { StockService } from './stock.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { MOVIMIENTOS_DOCS } from './productos.openapi';

@ApiTags('productos')
@ApiBearerAuth()
@ApiDocs(MOVIMIENTOS_DOCS)
@Controller('movimientos-stock')
export class MovimientosStockController {
  constructor(private readonly stock: StockService) {}

  @Get()
  @RequirePermission('productos.view')
  async list(@EmpresaActual() empresaId: number, @Query() query: MovimientoStockQueryDto) {
    const { rows, meta } = await this.stock.list(empresaId, query);
    return { success: true, data: rows.map(toMovimientoStockResponse), meta };
  }
}
