import { startSunatSimulator } from './sunat-simulator';

/** Standalone local SUNAT (`npm run sunat:sim`). Env: SUNAT_SIM_PORT, SUNAT_SIM_HOST, SUNAT_SIM_TICKET_POLLS, SUNAT_SIM_XSD_DIR (default vendor/sunat/xsd). */
async function main(): Promise<void> {
  const simulator = await startSunatSimulator({
    port: Number(process.env.SUNAT_SIM_PORT ?? 8088),
    host: process.env.SUNAT_SIM_HOST ?? '127.0.0.1',
    ticketPolls: process.env.SUNAT_SIM_TICKET_POLLS ? Number(process.env.SUNAT_SIM_TICKET_POLLS) : undefined,
    xsdDir: process.env.SUNAT_SIM_XSD_DIR || undefined,
  });
  const beta = simulator.endpoints.beta!;
  console.log(`Simulador SUNAT en ${simulator.url}`);
  console.log(`  billService        ${beta.billService}`);
  console.log(`  billConsultService ${beta.consultService}`);
  console.log(`  GRE (auth y cpe)   ${beta.greAuth}`);
  console.log(`  control            ${simulator.url}/__control/state`);
  const stop = () => simulator.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
