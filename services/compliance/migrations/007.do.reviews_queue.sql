-- The reviewers' queue (decisions D8): an organization's reviews, newest first, by status.
create index reviews_org_queue on reviews (org_id, status, created_at desc);
