import { Module } from '@nestjs/common';
import { OrgReviewsController } from './org-reviews.controller';
import { ReviewsController } from './reviews.controller';

/** The public /v1/reviews surface and organization admins' decisions. */
@Module({ controllers: [ReviewsController, OrgReviewsController] })
export class ReviewsApiModule {}
