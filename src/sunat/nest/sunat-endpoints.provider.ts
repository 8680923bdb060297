import { Logger, OnApplicationShutdown, Provider } from '@nestjs/common';
import { ConfigType } from '@nestjs/config';
import { sunatConfig } from '@/config/sunat.config';
import { simulatorEndpoints, SunatEndpointsConfig } from '../gateway/endpoints';
import { startSunatSimulator, SunatSimulator } from '../simulator/sunat-simulator';

/** Where SUNAT is for this process: real URLs, a configured base, or a simulator started in-process. */
export class SunatEndpointsHolder implements OnApplicationShutdown {
  constructor(
    readonly endpoints: SunatEndpointsConfig,
    readonly simulator: SunatSimulator | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.simulator?.close();
  }
}

export const sunatEndpointsProvider: Provider = {
  provide: SunatEndpointsHolder,
  inject: [sunatConfig.KEY],
  useFactory: async (config: ConfigType<typeof sunatConfig>) => {
    if (config.simulator === 'embedded') {
      const simulator = await startSunatSimulator({ port: 0, host: '127.0.0.1' });
      new Logger('SUNAT').log(`Simulador SUNAT local en ${simulator.url} (ningún endpoint SUNAT configurado)`);
      return new SunatEndpointsHolder(simulator.endpoints, simulator);
    }
    return new SunatEndpointsHolder(config.endpointsBase ? simulatorEndpoints(config.endpointsBase) : {}, null);
  },
};
