import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';
/** Routes are private by default; this opts one out of the bearer AuthGuard. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
