/*
 * The SUNAT simulator of `npm run bench:http`, in a process of its own: `http-simulator.ts <port> [--rules]`.
 * SUNAT checks XSD and its rules on its own machines, and the service has already run the same rules before
 * signing: by default the simulator skips both here, so a send costs this machine what a real one does
 * (--rules keeps them).
 */
import { startSunatSimulator } from '@/sunat/simulator/sunat-simulator';

async function main(): Promise<void> {
  const rules = process.argv.includes('--rules');
  const simulator = await startSunatSimulator({ port: Number(process.argv[2]), host: '127.0.0.1', rules, xsdDir: rules ? undefined : false });
  console.log(`Simulador SUNAT en ${simulator.url} (reglas ${rules ? 'sí' : 'no'})`);
  const stop = () => simulator.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
