import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ApiKeysController } from './api-keys.controller';
import { AuthController } from './auth.controller';
import { MeController } from './me.controller';
import { MembersController } from './members.controller';

/**
 * The public /v1 surface of identity with its credential guard. Needs the bus client and the
 * platform context (PlatformContextModule) mounted beside it.
 */
@Module({
  imports: [AuthModule],
  controllers: [AuthController, MeController, ApiKeysController, MembersController],
})
export class PublicApiModule {}
