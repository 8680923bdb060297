export type SunatRulesTipo = '01' | '03' | '07' | '08' | '09' | 'RC' | 'RA';

export interface SunatFinding {
  /** SUNAT's code, e.g. '2800'. */
  codigo: string;
  /** Text of the code in SUNAT's CatalogoErrores.xml. */
  mensaje: string;
  /** 'error' when the rule rejects the document (rejectCall), 'observacion' when it only adds an observation (addWarning). */
  severidad: 'error' | 'observacion';
  /** The node the rule tested, as the Java reference tool prints it (its "node" column). */
  ubicacion: string;
}

export interface SunatRulesOptions {
  /** Name of the file as sent to SUNAT (RUC-TT-SERIE-NUMERO.xml / RUC-RC-YYYYMMDD-N.xml); default built from the XML. */
  fileName?: string;
  /** YYYY-MM-DD the rules take as today; default today in Lima. */
  today?: string;
  /** Stop at the first error, as SUNAT does (warnings raised before it are kept). */
  stopAtFirst?: boolean;
  /** The engine that runs the rules (default SUNAT_RULES_ENGINE, else native); saxon is the SaxonJS cross-check. */
  engine?: 'native' | 'saxon';
}
