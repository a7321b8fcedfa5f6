import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { CARDS_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply, ApiZodQuery, ValidatedQuery } from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { ApiErrors } from '../aml/api-errors.decorator';
import { CATALOG_DESCRIPTION } from './card-docs';

const catalogQuery = z.object({
  q: z.string().max(200).optional(),
  lang: z.string().max(20).optional(),
});
type CatalogQuery = z.infer<typeof catalogQuery>;

const command = (query: CatalogQuery) => ({ q: query.q ?? null, lang: query.lang ?? null });

/** The catalogs a card request names its codes from. */
@ApiTags('cards')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/cards/catalog')
export class CardCatalogsController {
  constructor(private readonly bus: BusClient) {}

  @Get('occupations')
  @ApiOperation({ summary: 'Search the occupations catalog', description: CATALOG_DESCRIPTION })
  @ApiZodQuery(catalogQuery)
  @ApiReply(CARDS_COMMANDS.search_occupations)
  @ApiErrors('query_required', 'invalid_language', 'invalid_request', 'unauthorized')
  occupations(@ValidatedQuery(catalogQuery) query: CatalogQuery) {
    return this.bus.send(CARDS_COMMANDS.search_occupations, command(query));
  }

  @Get('business-activities')
  @ApiOperation({
    summary: 'Search the business-activities catalog',
    description: CATALOG_DESCRIPTION,
  })
  @ApiZodQuery(catalogQuery)
  @ApiReply(CARDS_COMMANDS.search_business_activities)
  @ApiErrors('query_required', 'invalid_language', 'invalid_request', 'unauthorized')
  businessActivities(@ValidatedQuery(catalogQuery) query: CatalogQuery) {
    return this.bus.send(CARDS_COMMANDS.search_business_activities, command(query));
  }
}
