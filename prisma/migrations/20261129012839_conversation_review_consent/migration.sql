-- AlterTable
ALTER TABLE "users" ADD COLUMN     "review_consent_at" TIMESTAMP(3);
