import { Module } from '@nestjs/common';
import { CardCatalogsController } from './card-catalogs.controller';
import { CardsController } from './cards.controller';
import { SandboxCardsController } from './sandbox-cards.controller';

/** The cards API under /v1/cards and its sandbox routes (issue 17). */
@Module({
  controllers: [CardCatalogsController, CardsController, SandboxCardsController],
})
export class CardsApiModule {}
