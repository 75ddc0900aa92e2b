-- AlterTable
-- No backfill: every existing account counts as unverified until its next code sign-in, which verifies it
-- and clears any password set before (nobody can tell whether the owner or someone else set it).
ALTER TABLE "users" ADD COLUMN     "email_verified_at" TIMESTAMP(3);
