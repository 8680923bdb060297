import { ServerResponse } from 'node:http';
import { reply } from '../http-util';
import { ControlAction } from './control-actions';

export interface Answer {
  status: number;
  body: string;
  contentType: string;
}

/**
 * Transport-level tricks around a normal answer. 'http' and 'empty' answer without processing;
 * 'delay' and 'reset' process first, so SUNAT holds the document while the client never hears back.
 */
export async function answerWith(
  res: ServerResponse,
  action: ControlAction | undefined,
  produce: () => Promise<Answer>,
  timers: Set<NodeJS.Timeout>,
): Promise<void> {
  if (action?.action === 'http') {
    return reply(res, action.status, action.body ?? `<html><body><h1>${action.status} Bad Gateway</h1></body></html>`, 'text/html');
  }
  if (action?.action === 'empty') return reply(res, 200, '', 'text/xml; charset=utf-8');
  const answer = await produce();
  if (action?.action === 'reset') {
    res.socket?.destroy();
    return;
  }
  if (action?.action === 'delay') {
    const timer = setTimeout(() => {
      timers.delete(timer);
      reply(res, answer.status, answer.body, answer.contentType);
    }, action.ms);
    timers.add(timer);
    return;
  }
  reply(res, answer.status, answer.body, answer.contentType);
}
