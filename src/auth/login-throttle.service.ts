import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, Repository } from 'typeorm';
import { authConfig, AuthConfig } from '@/config/auth.config';
import { MSG } from '@/common/errors/messages';
import { LoginFailure } from './entities/login-failure.entity';

/** Counts failed logins per address and login name in PostgreSQL, so every replica sees the same count. */
@Injectable()
export class LoginThrottleService {
  constructor(
    @InjectRepository(LoginFailure) private readonly failures: Repository<LoginFailure>,
    @Inject(authConfig.KEY) private readonly config: AuthConfig,
  ) {}

  key(ip: string, user: string): string {
    return `${ip}|${user.trim().toLowerCase()}`.slice(0, 300);
  }

  async assertAllowed(key: string): Promise<void> {
    const since = new Date(Date.now() - this.config.loginWindowMinutes * 60_000);
    const count = await this.failures.count({ where: { clave: key, created_at: MoreThan(since) } });
    if (count >= this.config.loginMaxFailures) {
      throw new HttpException({ success: false, message: MSG.demasiadosIntentos }, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  async recordFailure(key: string): Promise<void> {
    await this.failures.insert({ clave: key });
  }

  async clear(key: string): Promise<void> {
    await this.failures.delete({ clave: key });
  }
}
