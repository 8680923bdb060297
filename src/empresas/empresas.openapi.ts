import type { DocsDe } from '@/common/openapi/openapi-docs';
import type { EmpresasController } from './empresas.controller';

const texto = (example: string, description?: string) => ({ type: 'string', example, ...(description ? { description } : {}) });

export const EMPRESAS_DOCS: DocsDe<EmpresasController> = {
  list: { summary: 'Listar empresas', description: 'Administradores: todas; los demás: la suya.' },
  get: { summary: 'Ver una empresa' },
  create: {
    summary: 'Crear una empresa (administradores)',
    description: '`modo` beta (por defecto) firma y envía como el RUC de pruebas 20000000001. `clave_sol` nunca se devuelve.',
    body: {
      ruc: '20603456786',
      razon_social: 'COMERCIAL ANDINA S.A.C.',
      comercial: 'ANDINA',
      direccion: 'AV. AREQUIPA 1234, LINCE',
      email: 'facturacion@andina.example.com',
      telefono: '014445566',
      ubigeo: '150116',
      distrito: 'LINCE',
      provincia: 'LIMA',
      departamento: 'LIMA',
      igv: 18,
      modo: 'beta',
    },
  },
  update: {
    summary: 'Actualizar una empresa (y su logo)',
    description:
      'multipart/form-data con el archivo `logo` (PNG o JPEG) y los campos a cambiar, o JSON sin logo. Parcial. ' +
      'Correo a los clientes: `smtp_url`, `correo_remitente`, `correo_automatico` (este necesita los otros dos, o `email`).',
    multipart: {
      tambienJson: true,
      properties: {
        logo: { type: 'string', format: 'binary', description: 'PNG o JPEG' },
        razon_social: texto('EMPRESA DEMO S.A.C.'),
        comercial: texto('DEMO'),
        direccion: texto('AV. LOS PRÓCERES 123'),
        email: texto('demo@example.com'),
        telefono: texto('014443322'),
        ubigeo: texto('150101'),
        distrito: texto('LIMA'),
        provincia: texto('LIMA'),
        departamento: texto('LIMA'),
        leyenda_pie: {
          type: 'string',
          maxLength: 500,
          nullable: true,
          example: 'Autorizado mediante Resolución de Intendencia N° 034-005-0001234/SUNAT',
          description: 'Texto al pie de cada documento impreso (PDF A4 y ticket); vacío o null lo quita',
        },
        igv: { type: 'number', example: 18 },
        modo: { type: 'string', enum: ['beta', 'produccion'], example: 'beta' },
        user_sol: texto('MODDATOS'),
        clave_sol: { type: 'string', format: 'password', description: 'Se guarda cifrada; nunca se devuelve' },
        estado: { type: 'string', enum: ['0', '1'], example: '1' },
        smtp_url: {
          type: 'string',
          format: 'password',
          maxLength: 500,
          description:
            'smtp:// o smtps:// con usuario y clave codificados (smtps://usuario%40dominio.pe:clave@smtp.dominio.pe:465); se guarda cifrada, nunca se devuelve (se ve `tiene_smtp`); vacío la quita',
        },
        correo_remitente: texto('ventas@example.com', 'Remitente de los correos a los clientes; por defecto, `email`'),
        correo_automatico: { type: 'boolean', example: false, description: 'true: cada comprobante aceptado por SUNAT se envía al email de su cliente' },
      },
    },
    body: { telefono: '014443322', smtp_url: 'smtp://ventas%40example.com:clave-smtp@127.0.0.1:2525', correo_remitente: 'ventas@example.com' },
  },
  deleteLogo: { summary: 'Quitar el logo de una empresa' },
  certificado: {
    summary: 'Subir el certificado digital de una empresa',
    description:
      '`certificado`: .pfx/.p12 con su `password`, o PEM (certificado y clave en un archivo, o la clave aparte en `clave_privada`). ' +
      'Una empresa beta sin certificado firma con uno de prueba autogenerado.',
    multipart: {
      properties: {
        certificado: { type: 'string', format: 'binary', description: '.pfx, .p12 o .pem' },
        password: { type: 'string', format: 'password', description: 'Contraseña del .pfx/.p12' },
        clave_privada: { type: 'string', format: 'binary', description: 'Clave privada PEM, si no viene en el mismo archivo' },
      },
      required: ['certificado'],
    },
    respuesta: {
      status: 201,
      example: {
        success: true,
        message: 'Certificado registrado correctamente.',
        data: { subject: 'CN=EMPRESA DEMO S.A.C., O=20000000001', emisor: 'CN=LLAMA.PE SA', valido_desde: '2025-01-01', valido_hasta: '2026-01-01' },
      },
    },
  },
};
