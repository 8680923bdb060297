/** What a TaskPool sends its worker: one task. */
export interface TaskRequest<In> {
  id: number;
  input: In;
}

/** A worker's answer to one task: its value, or its error by name, message and code (e.g. a SigningErrorCode). */
export type TaskReply<Out> = { id: number; value: Out } | { id: number; error: { name: string; message: string; code?: string } };
