import { Injectable } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import axios from 'axios';
import { DocumentStorage } from '@/sunat/storage/document-storage';
import { resolveEndpoints, SunatModo } from '@/sunat/gateway/endpoints';
import { SunatEndpointsHolder } from '@/sunat/nest/sunat-endpoints.provider';
import { TicketPoller } from '@/ticket-poller/ticket-poller.service';

// A storage failure carries what the disk or S3 said as its cause: that is what an operator needs here.
const message = (error: unknown): string => (error instanceof Error ? (error.cause instanceof Error ? message(error.cause) : error.message) : String(error));

/** The ticket queue (pg-boss) answers, or the poller is switched off (TICKET_POLLER=false). */
@Injectable()
export class QueueHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly poller: TicketPoller,
  ) {}

  async check(key: 'queue'): Promise<HealthIndicatorResult> {
    const session = this.indicators.check(key);
    try {
      return session.up({ estado: await this.poller.estado() });
    } catch (error) {
      return session.down({ message: message(error) });
    }
  }
}

const PROBE_KEY = 'health/probe.txt';

/** Storage takes a write, gives it back and deletes it: documents can be issued. */
@Injectable()
export class StorageHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly storage: DocumentStorage,
  ) {}

  async check(key: 'storage'): Promise<HealthIndicatorResult> {
    const session = this.indicators.check(key);
    const probe = `ok ${process.pid}`;
    try {
      await this.storage.put(PROBE_KEY, probe);
      const read = await this.storage.get(PROBE_KEY);
      await this.storage.delete(PROBE_KEY);
      return read?.toString() === probe ? session.up() : session.down({ message: 'lectura distinta de lo escrito' });
    } catch (error) {
      return session.down({ message: message(error) });
    }
  }
}

const SUNAT_PROBE_TIMEOUT_MS = 5000;

/**
 * SUNAT's billService answers HTTP for each modo (any status: the service is there; only no answer is
 * down). A separate check: SUNAT being down must not take replicas out of the load balancer, since
 * everything but sending still works and sends keep their state to be retried.
 */
@Injectable()
export class SunatHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly endpoints: SunatEndpointsHolder,
  ) {}

  async check(key: SunatModo): Promise<HealthIndicatorResult> {
    const session = this.indicators.check(key);
    const url = resolveEndpoints(key, this.endpoints.endpoints).billService;
    try {
      const res = await axios.get(`${url}?wsdl`, { timeout: SUNAT_PROBE_TIMEOUT_MS, validateStatus: () => true, maxRedirects: 0, responseType: 'text' });
      return session.up({ url, http: res.status });
    } catch (error) {
      return session.down({ url, message: message(error) });
    }
  }
}
