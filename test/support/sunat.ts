import { startSunatSimulator, SunatSimulator } from '../../src/sunat/simulator/sunat-simulator';
import { createTestApp, TestApp } from './create-test-app';

export interface TestAppWithSunat extends TestApp {
  sunat: SunatSimulator;
}

/**
 * The test app talking to the project's SUNAT simulator over real HTTP on a random port. Tests steer it
 * with `t.sunat.next({...})` (rejections, faults, 502, empty 200, delays) and read `t.sunat.state`.
 */
export async function createTestAppWithSunat(env: Record<string, string> = {}, ticketPolls = 0): Promise<TestAppWithSunat> {
  const sunat = await startSunatSimulator({ port: 0, host: '127.0.0.1', ticketPolls });
  const t = await createTestApp({
    SUNAT_SIMULATOR: 'off',
    SUNAT_ENDPOINTS_BASE: sunat.url,
    SUNAT_GRE_CLIENT_ID: 'simulador-client-id',
    SUNAT_GRE_CLIENT_SECRET: 'simulador-client-secret',
    // Generous: a slow, loaded machine must not time out by accident. Tests of timeouts set a shorter one.
    SUNAT_TIMEOUT_MS: '30000',
    ...env,
  });
  return {
    ...t,
    sunat,
    close: async () => {
      await t.close();
      await sunat.close();
    },
  };
}
