-- AlterTable
ALTER TABLE "care_plans" ADD COLUMN     "unsubscribe_generation" INTEGER NOT NULL DEFAULT 0;

-- Only the SHA-256 of an unsubscribe token is kept: the tokens stored so far are replaced by their hashes,
-- so the links already mailed keep working until the plan's next reminder stores its new token's hash.
UPDATE "care_plans" SET "unsubscribe_token" = encode(sha256(convert_to("unsubscribe_token", 'UTF8')), 'hex');
