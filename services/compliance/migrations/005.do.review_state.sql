-- Firewall reviews keep their decider's state (files, approvals, requested information).
-- Reviews opened before this migration have none: they start from their row.
alter table reviews add column state jsonb;
