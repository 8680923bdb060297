import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, UploadedFile, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FileFieldsInterceptor, FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { AuthContext } from '@/common/context/request-context';
import { Auth } from '@/common/decorators/auth-context.decorator';
import { MultipartVaciosInterceptor } from '@/common/interceptors/multipart-vacios.interceptor';
import { RequirePermission } from '@/common/decorators/require-permission.decorator';
import { CertificadoService } from './certificado.service';
import { CertificadoUploadDto, CreateEmpresaDto, UpdateEmpresaDto } from './dto/empresa.dto';
import { toEmpresaResponse } from './empresa.mapper';
import { EmpresasService } from './empresas.service';
import { ApiDocs } from '@/common/openapi/openapi-docs';
import { EMPRESAS_DOCS } from './empresas.openapi';

// multer's own limit is a backstop; the service answers the 422 with the configured size.
const UPLOAD_LIMIT = { limits: { fileSize: 10 * 1024 * 1024, files: 1 } };

@ApiTags('empresas')
@ApiBearerAuth()
@ApiDocs(EMPRESAS_DOCS)
@Controller('empresas')
export class EmpresasController {
  constructor(
    private readonly empresas: EmpresasService,
    private readonly certificados: CertificadoService,
  ) {}

  @Get()
  @RequirePermission('empresas.view')
  async list(@Auth() auth: AuthContext) {
    return { success: true, data: (await this.empresas.list(auth)).map(toEmpresaResponse) };
  }

  @Get(':id')
  @RequirePermission('empresas.view')
  async get(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number) {
    return { success: true, data: toEmpresaResponse(await this.empresas.get(auth, id)) };
  }

  @Post()
  @RequirePermission('empresas.create')
  async create(@Auth() auth: AuthContext, @Body() dto: CreateEmpresaDto) {
    return { success: true, message: 'Empresa creada correctamente.', data: toEmpresaResponse(await this.empresas.create(auth, dto)) };
  }

  /** Multipart update (POST because it may carry the logo file). */
  @Post(':id')
  @RequirePermission('empresas.edit')
  @ApiConsumes('multipart/form-data', 'application/json')
  @UseInterceptors(FileInterceptor('logo', UPLOAD_LIMIT), MultipartVaciosInterceptor)
  async update(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateEmpresaDto, @UploadedFile() logo?: Express.Multer.File) {
    const empresa = await this.empresas.update(auth, id, dto, logo);
    return { success: true, message: 'Empresa actualizada correctamente.', data: toEmpresaResponse(empresa) };
  }

  @Delete(':id/logo')
  @RequirePermission('empresas.edit')
  async deleteLogo(@Auth() auth: AuthContext, @Param('id', ParseIntPipe) id: number) {
    return { success: true, message: 'Logo eliminado correctamente.', data: toEmpresaResponse(await this.empresas.deleteLogo(auth, id)) };
  }

  /** .pfx/.p12 with `password`, or PEM (certificate and key in one file, or the key as `clave_privada`). */
  @Post(':id/certificado')
  @RequirePermission('empresas.edit')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(
    FileFieldsInterceptor(
      [
        { name: 'certificado', maxCount: 1 },
        { name: 'clave_privada', maxCount: 1 },
      ],
      { limits: { ...UPLOAD_LIMIT.limits, files: 2 } },
    ),
    MultipartVaciosInterceptor,
  )
  async certificado(
    @Auth() auth: AuthContext,
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: CertificadoUploadDto,
    @UploadedFiles() files: { certificado?: Express.Multer.File[]; clave_privada?: Express.Multer.File[] } = {},
  ) {
    const info = await this.certificados.upload(auth, id, files.certificado?.[0]?.buffer, dto.password, files.clave_privada?.[0]?.buffer);
    return { success: true, message: 'Certificado registrado correctamente.', data: info };
  }
}
