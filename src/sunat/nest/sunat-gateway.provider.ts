import { Logger, Provider } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { sunatConfig } from '@/config/sunat.config';
import { loadSunatSendsSettings } from '@/config/sunat-sends.config';
import { HttpSunatGateway } from '../gateway/http-sunat-gateway';
import { LimitedSunatGateway } from '../gateway/limited-sunat-gateway';
import { SendLimiter } from '../gateway/send-limiter';
import { SunatGateway } from '../gateway/sunat-gateway';
import { SunatEndpointsHolder } from './sunat-endpoints.provider';

/** One per process: every SUNAT call waits for one of its slots (SUNAT_MAX_CONCURRENT_SENDS). */
export const sendLimiterProvider: Provider = {
  provide: SendLimiter,
  useFactory: () => new SendLimiter(loadSunatSendsSettings()),
};

export const sunatGatewayProvider: Provider = {
  provide: SunatGateway,
  inject: [sunatConfig.KEY, SunatEndpointsHolder, SendLimiter],
  useFactory: (config: ConfigType<typeof sunatConfig>, holder: SunatEndpointsHolder, limiter: SendLimiter) => {
    const logger = new Logger('SunatGateway');
    const http = new HttpSunatGateway({
      endpoints: holder.endpoints,
      transport: { timeoutMs: config.timeoutMs },
      logger: { info: (m, meta) => logger.log({ msg: m, ...meta }), warn: (m, meta) => logger.warn({ msg: m, ...meta }) },
    });
    return new LimitedSunatGateway(http, limiter);
  },
};
