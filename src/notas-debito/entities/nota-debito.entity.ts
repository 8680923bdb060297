import { Entity } from 'typeorm';
import { NotaBase } from '@/notas/entities/nota-base';

@Entity('notas_debito')
export class NotaDebito extends NotaBase {}
