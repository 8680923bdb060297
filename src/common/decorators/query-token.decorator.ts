import { SetMetadata } from '@nestjs/common';

export const ALLOWS_QUERY_TOKEN = 'allowsQueryToken';
/** Browser download routes (PDFs, exports) also accept ?token=; every /api route requires the header. */
export const AllowQueryToken = () => SetMetadata(ALLOWS_QUERY_TOKEN, true);
