import { Module } from '@nestjs/common';
import { ConfigModule, ConfigType } from '@nestjs/config';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClsModule } from 'nestjs-cls';
import { LoggerModule } from 'nestjs-pino';
import { AuthGuard } from './auth/auth.guard';
import { AuthModule } from './auth/auth.module';
import { CatalogosModule } from './catalogos/catalogos.module';
import { ClientesModule } from './clientes/clientes.module';
import { ComprasModule } from './compras/compras.module';
import { CotizacionesModule } from './cotizaciones/cotizaciones.module';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { appConfig } from './config/app.config';
import { authConfig } from './config/auth.config';
import { databaseConfig } from './config/database.config';
import { storageConfig } from './config/storage.config';
import { sunatConfig } from './config/sunat.config';
import { pollerConfig } from './config/poller.config';
import { enviosConfig } from './config/envios.config';
import { webhooksConfig } from './config/webhooks.config';
import { correosConfig } from './config/correos.config';
import { CorreosColaModule } from './correos/correos-cola.module';
import { CorreosModule } from './correos/correos.module';
import { EnviosModule } from './sunat/nest/envios/envios.module';
import { EventosModule } from './eventos/eventos.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { ComunicacionBajaModule } from './comunicacion-baja/comunicacion-baja.module';
import { ResumenDiarioModule } from './resumen-diario/resumen-diario.module';
import { ConciliacionesModule } from './conciliaciones/conciliaciones.module';
import { buildDataSourceOptions } from './database/data-source-options';
import { SeedModule } from './database/seeders/seed.module';
import { EmpresasModule } from './empresas/empresas.module';
import { GuiasRemisionModule } from './guias-remision/guias-remision.module';
import { HealthModule } from './health/health.module';
import { buildLoggerOptions } from './common/logging/logger-options';
import { PermissionsGuard } from './permissions/permissions.guard';
import { PermissionsModule } from './permissions/permissions.module';
import { ProductosModule } from './productos/productos.module';
import { ProveedoresModule } from './proveedores/proveedores.module';
import { ReportesModule } from './reportes/reportes.module';
import { SeriesModule } from './series/series.module';
import { SunatModule } from './sunat/sunat.module';
import { SunatEstadoModule } from './sunat-estado/sunat-estado.module';
import { UsuariosModule } from './usuarios/usuarios.module';
import { VentasModule } from './ventas/ventas.module';
import { ValidarModule } from './validar/validar.module';
import { NotasCreditoModule } from './notas-credito/notas-credito.module';
import { NotasDebitoModule } from './notas-debito/notas-debito.module';
import { CuerpoJsonInterceptor } from './common/interceptors/cuerpo-json.interceptor';
import { NoStoreInterceptor } from './common/interceptors/no-store.interceptor';
import { IdempotencyInterceptor } from './common/idempotency/idempotency.interceptor';
import { IdempotencySubscriber } from './common/idempotency/idempotency.subscriber';
import { IdempotencyStore } from './common/idempotency/idempotency.store';
import { EmpresaScopeInterceptor } from './common/interceptors/empresa-scope.interceptor';

@Module({
  imports: [
    ConfigModule.forRoot({
      isGlobal: true,
      ignoreEnvFile: true,
      load: [appConfig, authConfig, databaseConfig, storageConfig, sunatConfig, pollerConfig, enviosConfig, correosConfig, webhooksConfig],
    }),
    ClsModule.forRoot({ global: true }), // mounted for every route in app.setup.ts
    LoggerModule.forRootAsync({ inject: [appConfig.KEY], useFactory: (app: ConfigType<typeof appConfig>) => buildLoggerOptions(app) }),
    TypeOrmModule.forRootAsync({
      inject: [databaseConfig.KEY],
      useFactory: (db: ConfigType<typeof databaseConfig>) => ({ ...buildDataSourceOptions(db), autoLoadEntities: true }),
    }),
    SunatModule,
    EnviosModule,
    EventosModule,
    CorreosColaModule,
    AuthModule,
    PermissionsModule,
    UsuariosModule,
    EmpresasModule,
    SeriesModule,
    ClientesModule,
    ProveedoresModule,
    ProductosModule,
    ComprasModule,
    CotizacionesModule,
    ReportesModule, // before VentasModule (and every module importing it): /api/ventas/exportar-* must win over /ventas/:id
    ValidarModule,
    VentasModule,
    NotasCreditoModule,
    NotasDebitoModule,
    GuiasRemisionModule,
    CatalogosModule,
    HealthModule,
    ComunicacionBajaModule,
    ResumenDiarioModule,
    SunatEstadoModule,
    WebhooksModule,
    ConciliacionesModule,
    CorreosModule,
    SeedModule,
  ],
  providers: [
    // Order matters: authentication (401) runs before permissions (403).
    { provide: APP_GUARD, useExisting: AuthGuard },
    { provide: APP_GUARD, useClass: PermissionsGuard },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
    { provide: APP_INTERCEPTOR, useClass: NoStoreInterceptor },
    // Before anything reads the body: a body that is not JSON (nor a type the route declares) is a 415.
    { provide: APP_INTERCEPTOR, useClass: CuerpoJsonInterceptor },
    // After both guards: the active company of an authenticated request, for services and @EmpresaActual.
    { provide: APP_INTERCEPTOR, useClass: EmpresaScopeInterceptor },
    // After the company is known: a retried create or send answers what the first one did.
    IdempotencyStore,
    IdempotencySubscriber,
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
  ],
})
export class AppModule {}
