import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { EmpresaActual } from '@/common/decorators/auth-context.decorator';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { CreateWebhookDto, EntregasQueryDto, UpdateWebhookDto } from './dto/webhook.dto';
import { toWebhookView } from './webhook.mapper';
import { WEBHOOKS_DOCS } from './webhooks.openapi';
import { WebhooksService } from './webhooks.service';

@ApiTags('webhooks')
@ApiBearerAuth()
@ApiDocs(WEBHOOKS_DOCS)
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @RequirePermission('empresas.edit')
  async list(@EmpresaActual() empresaId: number) {
    return { success: true, data: (await this.webhooks.list(empresaId)).map(toWebhookView) };
  }

  @Post()
  @RequirePermission('empresas.edit')
  async create(@EmpresaActual() empresaId: number, @Body() dto: CreateWebhookDto) {
    const { webhook, secreto } = await this.webhooks.create(empresaId, dto);
    return { success: true, message: 'Webhook creado. Guarde el secreto: no se vuelve a mostrar.', data: { ...toWebhookView(webhook), secreto } };
  }

  @Get(':id')
  @RequirePermission('empresas.edit')
  async get(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    return { success: true, data: toWebhookView(await this.webhooks.get(empresaId, id)) };
  }

  @Put(':id')
  @RequirePermission('empresas.edit')
  async update(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateWebhookDto) {
    return { success: true, message: 'Webhook actualizado correctamente.', data: toWebhookView(await this.webhooks.update(empresaId, id, dto)) };
  }

  @Delete(':id')
  @RequirePermission('empresas.edit')
  async remove(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    await this.webhooks.remove(empresaId, id);
    return { success: true, message: 'Webhook eliminado correctamente.' };
  }

  @Post(':id/rotar-secreto')
  @HttpCode(200)
  @RequirePermission('empresas.edit')
  async rotarSecreto(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number) {
    const { webhook, secreto } = await this.webhooks.rotarSecreto(empresaId, id);
    return {
      success: true,
      message: 'Secreto renovado. Guárdelo: no se vuelve a mostrar; el anterior ya no firma.',
      data: { ...toWebhookView(webhook), secreto },
    };
  }

  @Get(':id/entregas')
  @RequirePermission('empresas.edit')
  async entregas(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number, @Query() query: EntregasQueryDto) {
    const { data, meta } = await this.webhooks.entregas(empresaId, id, query);
    return { success: true, data, meta };
  }

  @Post(':id/entregas/:entrega/reenviar')
  @HttpCode(200)
  @RequirePermission('empresas.edit')
  async reenviar(@EmpresaActual() empresaId: number, @Param('id', ParseIntPipe) id: number, @Param('entrega', ParseIntPipe) entrega: number) {
    return { success: true, message: 'Entrega programada para enviarse ahora.', data: await this.webhooks.reenviar(empresaId, id, entrega) };
  }
}
