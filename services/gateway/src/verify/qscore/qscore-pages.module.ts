import { Module } from '@nestjs/common';
import { ConsentPageController } from './consent-page.controller';
import { MyQscoreController } from './my-qscore.controller';
import { SealPageController } from './seal-page.controller';

/**
 * What a person sees of credit scoring: the public consent page, the seal page, badge and JSON
 * verification (no credential), and the account's report PDFs, own report and seal.
 */
@Module({ controllers: [ConsentPageController, SealPageController, MyQscoreController] })
export class QscorePagesModule {}
