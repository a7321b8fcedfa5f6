export { CardsModule, cardsService } from './cards.module';
