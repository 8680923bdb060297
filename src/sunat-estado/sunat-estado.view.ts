import type { ServicioSunat, TipoEnvio } from '@/sunat/nest/envios/envio-tipos';

/** One SUNAT service as the automatic sender last saw it. */
export interface ServicioView {
  servicio: ServicioSunat;
  disponible: boolean;
  /** ISO; null while up. */
  caido_desde: string | null;
  /** The error that took it down, while down; null while up. */
  ultimo_error: string | null;
}

export interface EnvioEnEsperaView {
  tipo: TipoEnvio;
  id_documento: number;
  /** When it was queued (ISO). */
  desde: string;
  intentos: number;
  ultimo_error: string | null;
}

export interface EnEsperaView {
  total: number;
  /** Every kind of the queue, 0 included. */
  por_tipo: Record<TipoEnvio, number>;
  mas_antiguo: EnvioEnEsperaView | null;
}

export type TipoPorVencer = 'factura' | 'boleta' | 'nota_credito' | 'nota_debito' | 'guia';

export interface DocumentoPorVencerView {
  tipo: TipoPorVencer;
  id: number;
  numero_completo: string;
  fecha_emision: string;
  /** The instant its time to reach SUNAT ends (ISO). */
  vence: string;
}

export interface PorVencerView {
  total: number;
  /** The first ones by deadline, at most MAX_POR_VENCER. */
  documentos: DocumentoPorVencerView[];
}

export interface SunatEstadoView {
  servicios: ServicioView[];
  en_espera: EnEsperaView;
  fallidos: number;
  por_vencer: PorVencerView;
  /** The instant the answer was computed (ISO): the window is (generado_en, generado_en + 24 h]. */
  generado_en: string;
}
