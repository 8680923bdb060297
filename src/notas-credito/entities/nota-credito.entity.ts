import { Entity } from 'typeorm';
import { NotaBase } from '@/notas/entities/nota-base';

@Entity('notas_credito')
export class NotaCredito extends NotaBase {}
