import { Logger, Provider } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { sunatConfig } from '@/config/sunat.config';
import { HttpSunatGateway } from '../gateway/http-sunat-gateway';
import { SunatGateway } from '../gateway/sunat-gateway';
import { SunatEndpointsHolder } from './sunat-endpoints.provider';

export const sunatGatewayProvider: Provider = {
  provide: SunatGateway,
  inject: [sunatConfig.KEY, SunatEndpointsHolder],
  useFactory: (config: ConfigType<typeof sunatConfig>, holder: SunatEndpointsHolder) => {
    const logger = new Logger('SunatGateway');
    return new HttpSunatGateway({
      endpoints: holder.endpoints,
      transport: { timeoutMs: config.timeoutMs },
      logger: { info: (m, meta) => logger.log({ msg: m, ...meta }), warn: (m, meta) => logger.warn({ msg: m, ...meta }) },
    });
  },
};
