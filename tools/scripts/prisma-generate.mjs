// Placeholder replaced by the persistence work: generates Prisma clients of services that keep them.
